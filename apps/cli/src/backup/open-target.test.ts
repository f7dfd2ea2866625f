import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandError } from '../command';
import { keySecretOf } from './open-target';

const folder = mkdtempSync(join(tmpdir(), 'hackclass-key-secret-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the identity key secret of a backup or a restore', () => {
  it('is IDENTITY_KEY_SECRET when it is set', () => {
    expect(keySecretOf('the-servers-own-secret', join(folder, 'absent'))).toBe(
      'the-servers-own-secret',
    );
  });

  it('is the one kept in DATA_DIR otherwise, made there for a new server', () => {
    const secret = keySecretOf(undefined, folder);
    expect(readFileSync(join(folder, 'identity-key-secret'), 'utf8').trim()).toBe(secret);
    expect(keySecretOf(undefined, folder)).toBe(secret);
  });

  it('says what to give when there is neither', () => {
    const absent = join(folder, 'no-such-data-folder');
    expect(() => keySecretOf(undefined, absent)).toThrow(CommandError);
    expect(() => keySecretOf(undefined, absent)).toThrow(
      /^No identity key secret: .*Set IDENTITY_KEY_SECRET to the server's, or DATA_DIR/,
    );
    expect(existsSync(absent)).toBe(false);
  });
});
