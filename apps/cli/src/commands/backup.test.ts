import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiMigrations } from '@hackclass/api';
import { lockDataDir, migrate, openConnection } from '@hackclass/db';
import { identityMigrations } from '@hackclass/identity';
import { createLocalFileStore } from '@hackclass/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
/** One deployment's key secret: backups are signed with it, and restore only with it. */
const KEY_SECRET = 'cli-backup-test-key-secret-of-32-characters';

/** `npx hackclass …` from the repository root, on the embedded database in `dataDir`. */
async function hackclass(args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'npx',
      ['--no-install', 'hackclass', ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, IDENTITY_KEY_SECRET: KEY_SECRET },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'hackclass-cli-backup-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npx hackclass backup and restore', () => {
  const source = freshDir();
  const archive = join(freshDir(), 'school.tar.gz');

  beforeAll(async () => {
    const connection = await openConnection({ dataDir: source });
    try {
      await migrate(connection, apiMigrations);
      await migrate(connection, identityMigrations);
      if (connection.kind !== 'pglite') throw new Error('The source is embedded');
      await connection.client.query(
        `insert into users (identity_uid, email, email_verified) values ('uid-1', 'ada@school.test', true)`,
      );
    } finally {
      await connection.close();
    }
    await createLocalFileStore(join(source, 'files')).put(
      'lab-files/0a1b',
      Buffer.from('flag{kept}'),
    );
  });

  it('backs up a stopped embedded database, and tells to stop a running one', async () => {
    const release = await lockDataDir(source);
    try {
      const refused = await hackclass(['backup', join(freshDir(), 'busy.tar.gz')], source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop the server first');
    } finally {
      release();
    }
    const done = await hackclass(['backup', archive], source);
    expect(done.stdout).toMatch(/Backed up 1 rows in \d+ tables and 1 files \(10 bytes\)/);
    expect(done.code).toBe(0);
    const again = await hackclass(['backup', archive], source);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already');
  });

  it('restores into an empty folder, refuses a full one without --force', async () => {
    const target = freshDir();
    const restored = await hackclass(['restore', archive], target);
    expect(restored.stdout).toMatch(/Restored 1 rows in \d+ tables and 1 files/);
    expect(restored.code).toBe(0);
    const file = await createLocalFileStore(join(target, 'files')).get('lab-files/0a1b');
    expect(file.size).toBe(10);

    const full = await hackclass(['restore', archive], target);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain('The target is not empty (1 rows, 1 stored files)');
    expect((await hackclass(['restore', archive, '--force'], target)).code).toBe(0);
  });

  it('refuses a damaged archive and a wrong command line', async () => {
    const damaged = join(freshDir(), 'damaged.tar.gz');
    writeFileSync(damaged, 'not an archive');
    const refused = await hackclass(['restore', damaged], freshDir());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is damaged or not a HackClass backup');
    expect(refused.stderr).toContain('Nothing was changed.');
    const usage = await hackclass(['backup'], source);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npx hackclass backup <file>');
  });
});
