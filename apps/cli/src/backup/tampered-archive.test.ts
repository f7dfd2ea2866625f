import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiMigrations, mailMigrations } from '@hackclass/api';
import { drizzleOver, migrate, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import {
  createKeySealer,
  identityMigrations,
  identitySchema,
  rotateSigningKey,
} from '@hackclass/identity';
import { createLocalFileStore } from '@hackclass/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '../commands';
import { MANIFEST_ENTRY } from './manifest';
import { SIGNATURE_ENTRY, signManifest } from './signature';
import { type Digest, digestOf, readEntries, rewriteEntry, writeEntries } from './testing';

const KEY_SECRET = 'tampering-test-key-secret-of-32-characters';
const OTHER_SECRET = 'another-deployments-key-secret-of-32-characters';
const ADMIN = 'real-admin@school.test';

let source: TestDatabase;
let target: TestDatabase;
let archive: string;
let restored: Digest;
const folder = mkdtempSync(join(tmpdir(), 'hackclass-tampered-'));

async function hackclass(argv: string[], dataDir: string, keySecret = KEY_SECRET) {
  const io = memoryIo({ DATA_DIR: dataDir, IDENTITY_KEY_SECRET: keySecret });
  const code = await runCli(argv, io, commands);
  return { code, out: io.stdout(), err: io.stderr() };
}

async function digestAt(dataDir: string): Promise<Digest> {
  const connection = await openConnection({ dataDir });
  try {
    return await digestOf(connection, createLocalFileStore(join(dataDir, 'files')));
  } finally {
    await connection.close();
  }
}

/** The genuine archive's entries, changed by `change`, packed again under a new name. */
async function tampered(name: string, change: (entries: Map<string, Buffer>) => void) {
  const entries = await readEntries(archive);
  change(entries);
  const path = join(folder, `${name}.tar.gz`);
  await writeEntries(path, entries);
  return path;
}

/** Rewrites each row of a table entry. */
function rewriteRows(
  entries: Map<string, Buffer>,
  name: string,
  change: (row: Record<string, unknown>) => Record<string, unknown>,
) {
  const lines = String(entries.get(name)).split('\n').filter(Boolean);
  const rows = lines.map((line) => JSON.stringify(change(JSON.parse(line))));
  rewriteEntry(entries, name, Buffer.from(rows.map((row) => `${row}\n`).join('')));
}

/** A deployment's identity rows: the admin's account and a signing key sealed with KEY_SECRET. */
async function seedIdentity(dataDir: string) {
  const connection = await openConnection({ dataDir });
  try {
    await migrate(connection, apiMigrations);
    await migrate(connection, identityMigrations);
    await migrate(connection, mailMigrations);
    const db = drizzleOver(connection, identitySchema);
    await db.insert(identitySchema.accounts).values({
      uid: 'admin-uid',
      email: ADMIN,
      emailVerified: true,
      passwordHash: 'scrypt$16384$8$1$cmVhbCBzYWx0$dGhlIGFkbWluJ3MgcmVhbCBoYXNo',
    });
    await rotateSigningKey(db, new Date(), createKeySealer(KEY_SECRET));
  } finally {
    await connection.close();
  }
}

beforeAll(async () => {
  source = await createTestDatabase(null);
  target = await createTestDatabase(null);
  await seedIdentity(source.dataDir);
  archive = join(folder, 'genuine.tar.gz');
  expect((await hackclass(['backup', archive], source.dataDir)).code).toBe(0);
  expect((await hackclass(['restore', archive], target.dataDir)).err).toBe('');
  restored = await digestAt(target.dataDir);
});

afterAll(async () => {
  await source.drop();
  await target.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a backup archive someone else wrote', () => {
  it('is signed by the backup, which restores with the same key secret', async () => {
    expect((await readEntries(archive)).has(SIGNATURE_ENTRY)).toBe(true);
    expect(restored).toEqual(await digestAt(source.dataDir));
  });

  it('is refused when the admin password hash was swapped and the checksums recomputed, and changes nothing', async () => {
    const swapped = await tampered('swapped-hash', (entries) =>
      rewriteRows(entries, 'tables/identity.accounts.jsonl', (row) =>
        row.email === ADMIN
          ? {
              ...row,
              password_hash: 'scrypt$16384$8$1$YXR0YWNrZXI$c2VsZWN0ZWQgYnkgdGhlIGF0dGFja2Vy',
            }
          : row,
      ),
    );
    const restore = await hackclass(['restore', swapped, '--force'], target.dataDir);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('signature does not match its contents: it was altered');
    expect(await digestAt(target.dataDir)).toEqual(restored);
  });

  it('is refused when unsigned, unless the operator passes --accept-unsigned', async () => {
    const unsigned = await tampered('unsigned', (entries) => {
      entries.delete(SIGNATURE_ENTRY);
      // As the backups made before they were signed.
      const manifest = JSON.parse(String(entries.get(MANIFEST_ENTRY)));
      entries.set(MANIFEST_ENTRY, Buffer.from(JSON.stringify({ ...manifest, formatVersion: 1 })));
    });
    const refused = await hackclass(['restore', unsigned, '--force'], target.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('This backup is not signed');
    expect(refused.err).toContain('--accept-unsigned');
    expect(await digestAt(target.dataDir)).toEqual(restored);

    const accepted = await hackclass(
      ['restore', unsigned, '--force', '--accept-unsigned'],
      target.dataDir,
    );
    expect(accepted.code).toBe(0);
    expect(accepted.err).toContain('WARNING');
    expect(await digestAt(target.dataDir)).toEqual(restored);
  });

  it('is refused when signed with another key secret, or restored with another one', async () => {
    const foreign = await tampered('foreign', (entries) => {
      entries.set(
        SIGNATURE_ENTRY,
        signManifest(entries.get(MANIFEST_ENTRY) as Buffer, OTHER_SECRET),
      );
    });
    for (const [path, keySecret] of [
      [foreign, KEY_SECRET],
      [archive, OTHER_SECRET],
    ] as const) {
      const restore = await hackclass(['restore', path, '--force'], target.dataDir, keySecret);
      expect(restore.code).toBe(1);
      expect(restore.err).toContain("not signed by this deployment's key secret");
      expect(restore.err).toContain('IDENTITY_KEY_SECRET');
    }
    expect(await digestAt(target.dataDir)).toEqual(restored);
  });

  it('is refused when it holds a signing key in plain, even signed with this key secret', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const planted = await tampered('plain-key', (entries) => {
      rewriteRows(entries, 'tables/identity.signing_keys.jsonl', (row) => ({
        ...row,
        private_jwk: privateKey.export({ format: 'jwk' }),
        sealed_private_jwk: null,
      }));
      entries.set(SIGNATURE_ENTRY, signManifest(entries.get(MANIFEST_ENTRY) as Buffer, KEY_SECRET));
    });
    const restore = await hackclass(['restore', planted, '--force'], target.dataDir);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('holds the signing key');
    expect(restore.err).toContain('in plain');
    expect(await digestAt(target.dataDir)).toEqual(restored);
  });
});

describe('a backup made with a key secret that does not open the database keys', () => {
  it('is refused before any archive is written', async () => {
    const path = join(folder, 'other-secret.tar.gz');
    const backup = await hackclass(['backup', path], source.dataDir, OTHER_SECRET);
    expect(backup.code).toBe(1);
    expect(backup.err).toContain('sealed with another secret than this command');
    expect(existsSync(path)).toBe(false);
  });
});
