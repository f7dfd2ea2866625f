import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createDatabaseFileStore, schema } from '@hackclass/api';
import { isReachable } from '@hackclass/api/testing';
import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import {
  createKeySealer,
  identitySchema,
  importFirebaseAccounts,
  sealClientSecret,
} from '@hackclass/identity';
import { createLocalFileStore, type FileStore } from '@hackclass/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectParams, userWithPassword } from '../identity-import/export-fixture';
import { DamagedArchiveError } from './archive';
import { createBackup } from './create-backup';
import { restoreBackup, TargetNotEmptyError } from './restore-backup';
import { KeySecretError } from './sealed-keys';
import { BackupSignatureError, SIGNATURE_ENTRY } from './signature';
import { inTransaction } from './sql';
import { type Digest, digestOf, readEntries, writeEntries } from './testing';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasPostgres = Boolean(process.env.DATABASE_URL) || (await isReachable(POSTGRES_URL, 5432));
if (!hasPostgres) console.warn('Backups from PGlite to PostgreSQL not tested: no PostgreSQL');

const KEY_SECRET = 'backup-test-key-secret-of-32-characters-or-more';

/** `npm run seed:demo` into a PGlite folder: users, classrooms, labs with files, solves. */
function seedDemo(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, IDENTITY_KEY_SECRET: KEY_SECRET },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<void>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:demo failed: ${output}`)),
    ),
  );
}

interface Place {
  database: TestDatabase;
  connection: Connection;
  files: FileStore;
}

const places: Place[] = [];
async function freshPlace(serverUrl: string | null): Promise<Place> {
  const database = await createTestDatabase(serverUrl);
  return openPlace(database);
}
/** PGlite keeps files in its folder, PostgreSQL in the database, as each is deployed. */
async function openPlace(database: TestDatabase): Promise<Place> {
  const connection = await openConnection(database);
  const place = {
    database,
    connection,
    files:
      connection.kind === 'pglite'
        ? createLocalFileStore(join(database.dataDir, 'files'))
        : createDatabaseFileStore(drizzleOver(connection, schema)),
  };
  places.push(place);
  return place;
}

function embedded(connection: Connection) {
  if (connection.kind !== 'pglite') throw new Error('This step runs on PGlite');
  return connection.client;
}

const archiveDirs: string[] = [];
function archivePath() {
  const dir = mkdtempSync(join(tmpdir(), 'hackclass-archive-'));
  archiveDirs.push(dir);
  return join(dir, 'backup.tar.gz');
}

describe.skipIf(!hasPostgres)('backup and restore, PGlite to PostgreSQL and back', () => {
  let source: Place;
  let original: Digest;
  let firstArchive: string;

  beforeAll(async () => {
    const database = await createTestDatabase(null);
    await seedDemo(database.dataDir);
    source = await openPlace(database);
    // Values JavaScript numbers and dates would bend: real, jsonb with odd text, a bigserial.
    await embedded(source.connection).exec(`
      insert into lab_targets (lab_id, image, port, kind, env, memory_mb, cpus, pids,
                               lifetime_minutes, extendable)
        select id, 'registry.local/web:1', 8080, 'http',
               '[{"name":"NOTE","value":"é \\u00e9 \\"q\\" \\n 𝄞"}]'::jsonb, 256, 0.3, 64, 60, true
          from labs order by slug limit 1;
      insert into identity.account_events (uid, type, valid_since, created_at)
        values ('someone', 'revoked', '2026-01-02T03:04:05.123456Z', now());`);
    // A user imported from Firebase, its project's signer key sealed in a row of its own.
    await importFirebaseAccounts(
      drizzleOver(source.connection, identitySchema),
      [await userWithPassword(1, 'a firebase password', { email: 'moved@firebase.example' })],
      { params: projectParams, sealer: createKeySealer(KEY_SECRET) },
    );
    // A school's sign-in provider, its client secret sealed, and an account linked to it.
    const sealedSecret = await sealClientSecret(
      createKeySealer(KEY_SECRET),
      'oidc.school',
      's3cret',
    );
    await embedded(source.connection).query(
      `insert into identity.sign_in_providers (id, display_name, issuer, client_id,
         client_secret_sealed, scopes, allowed_domains, teacher_domains, teacher_claim_values)
       values ('oidc.school', 'School', 'https://id.school.example', 'hackclass', $1,
               '{groups}', '{school.example}', '{}', '{teachers}')`,
      [sealedSecret],
    );
    await embedded(source.connection).exec(
      `insert into identity.federated_identities (provider_id, subject, uid, email, role,
         created_at, last_sign_in_at)
         select 'oidc.school', 'sub-1', uid, email, 'teacher', now(), now()
           from identity.accounts order by email limit 1`,
    );
    original = await digestOf(source.connection, source.files);
    firstArchive = archivePath();
    await createBackup(source, firstArchive, { keySecret: KEY_SECRET });
  }, 600_000);

  afterAll(async () => {
    for (const place of places.splice(0)) {
      await place.connection.close();
      await place.database.drop();
    }
    for (const dir of archiveDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a realistic database with its uploaded files', () => {
    expect(original.tables['public.users']?.rows).toBeGreaterThan(5);
    expect(original.tables['public.solves']?.rows).toBeGreaterThan(0);
    expect(original.tables['identity.accounts']?.rows).toBeGreaterThan(5);
    expect(original.tables['identity.firebase_hash_params']?.rows).toBe(1);
    expect(original.tables['identity.sign_in_providers']?.rows).toBe(1);
    expect(original.tables['identity.federated_identities']?.rows).toBe(1);
    expect(Object.keys(original.files).length).toBeGreaterThan(0);
  });

  it('restores into PostgreSQL and back into PGlite with every row and file equal', async () => {
    const postgres = await freshPlace(POSTGRES_URL);
    await restoreBackup(postgres, firstArchive, { keySecret: KEY_SECRET });
    expect(await digestOf(postgres.connection, postgres.files)).toEqual(original);

    const secondArchive = archivePath();
    await createBackup(postgres, secondArchive, { keySecret: KEY_SECRET });
    const pglite = await freshPlace(null);
    await restoreBackup(pglite, secondArchive, { keySecret: KEY_SECRET });
    expect(await digestOf(pglite.connection, pglite.files)).toEqual(original);

    // Sequences continue past the restored rows.
    const { rows } = await embedded(pglite.connection).query<{ seq: string }>(
      `insert into identity.account_events (uid, type, valid_since, created_at)
         values ('later', 'revoked', now(), now()) returning seq::text`,
    );
    const highest = original.tables['identity.account_events']?.rows ?? 0;
    expect(Number(rows[0]?.seq)).toBeGreaterThan(highest);
  });

  it('leaves the planner statistics of what it restored, on PostgreSQL and on PGlite', async () => {
    const loaded = ['public.users', 'public.members', 'public.solves', 'public.submissions'];
    for (const place of [await freshPlace(POSTGRES_URL), await freshPlace(null)]) {
      await restoreBackup(place, firstArchive, { keySecret: KEY_SECRET });
      // Rows loaded into tables the planner last saw empty: reltuples stays -1 (never counted)
      // and pg_stats empty until the tables are analysed.
      const rows = await inTransaction(place.connection, (sql) =>
        sql.query<{ table: string; reltuples: number; columns: number }>(
          `select n.nspname || '.' || c.relname as table, c.reltuples::float8 as reltuples,
              (select count(*)::int from pg_stats s
                where s.schemaname = n.nspname and s.tablename = c.relname) as columns
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname || '.' || c.relname = any($1::text[])
            order by 1`,
          [loaded],
        ),
      );
      expect(rows.map((row) => row.table)).toEqual([...loaded].sort());
      for (const row of rows) {
        const restored = original.tables[row.table]?.rows ?? 0;
        expect(row.reltuples, `${place.connection.kind} ${row.table}`).toBe(restored);
        expect(row.columns, `${place.connection.kind} ${row.table}`).toBeGreaterThan(0);
      }
    }
  });

  it('reads one consistent moment on PostgreSQL while a server keeps writing', async () => {
    const live = await freshPlace(POSTGRES_URL);
    await restoreBackup(live, firstArchive, { keySecret: KEY_SECRET });
    if (live.connection.kind !== 'postgres') throw new Error('This step runs on PostgreSQL');
    const client = live.connection.client;
    // A user and a notification for them in one transaction: the archive reads users before
    // notifications, so without one snapshot it would hold notifications of missing users.
    let writes = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await client.begin(async (tx) => {
          const uid = `writer-${writes}`;
          const [user] = await tx<{ id: string }[]>`
            insert into users (identity_uid, email) values (${uid}, ${`${uid}@school.test`})
            returning id`;
          await tx`insert into notifications (user_id, type) values (${user?.id ?? ''}, 'LabAdded')`;
        });
        writes += 1;
      }
    })();
    const archive = archivePath();
    try {
      while (writes === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const writesBefore = writes;
      await createBackup(live, archive, { keySecret: KEY_SECRET });
      expect(writes).toBeGreaterThan(writesBefore);
    } finally {
      writing = false;
      await writer;
    }
    const copy = await freshPlace(null);
    const { manifest } = await restoreBackup(copy, archive, { keySecret: KEY_SECRET });
    const rows = (name: string) => manifest.tables.find((table) => table.name === name)?.rows ?? 0;
    const seeded = (name: string) => original.tables[`public.${name}`]?.rows ?? 0;
    expect(rows('users')).toBeGreaterThan(seeded('users'));
    // Each pair is in the archive whole, or not at all.
    expect(rows('notifications') - rows('users')).toBe(seeded('notifications') - seeded('users'));
  });

  it('refuses a target that holds data unless forced', async () => {
    const target = await freshPlace(POSTGRES_URL);
    await restoreBackup(target, firstArchive, { keySecret: KEY_SECRET });
    await expect(restoreBackup(target, firstArchive, { keySecret: KEY_SECRET })).rejects.toThrow(
      TargetNotEmptyError,
    );
    await target.files.put('lab-files/left-over', Buffer.from('not in the archive'));
    await restoreBackup(target, firstArchive, { keySecret: KEY_SECRET, force: true });
    expect(await digestOf(target.connection, target.files)).toEqual(original);
  });

  it('refuses a damaged archive and changes nothing', async () => {
    const target = await freshPlace(null);
    const before = await digestOf(target.connection, target.files);
    const bytes = readFileSync(firstArchive);

    const truncated = archivePath();
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const tar = gunzipSync(bytes);
    const altered = archivePath();
    const flipped = Buffer.from(tar);
    // A byte inside the first entry's data (after its 512-byte header).
    flipped[600] = (flipped[600] ?? 0) ^ 0x01;
    writeFileSync(altered, gzipSync(flipped));
    const notOurs = archivePath();
    writeFileSync(notOurs, 'just some text');

    for (const damaged of [truncated, altered, notOurs]) {
      await expect(
        restoreBackup(target, damaged, { keySecret: KEY_SECRET }),
      ).rejects.toBeInstanceOf(DamagedArchiveError);
    }
    await expect(restoreBackup(target, altered, { keySecret: KEY_SECRET })).rejects.toThrow(
      /does not match its checksum/,
    );
    expect(await digestOf(target.connection, target.files)).toEqual(before);
    expect(statSync(firstArchive).size).toBe(bytes.length);
  });

  it('refuses signing keys sealed with another secret before changing anything', async () => {
    const target = await freshPlace(null);
    const keySecret = 'another-secret-of-at-least-32-characters';
    await expect(restoreBackup(target, firstArchive, { keySecret })).rejects.toBeInstanceOf(
      BackupSignatureError,
    );
    // Unsigned, as archives made before backups were signed: the keys are checked all the same.
    const entries = await readEntries(firstArchive);
    entries.delete(SIGNATURE_ENTRY);
    const unsigned = archivePath();
    await writeEntries(unsigned, entries);
    await expect(
      restoreBackup(target, unsigned, { keySecret, acceptUnsigned: true }),
    ).rejects.toBeInstanceOf(KeySecretError);
    expect(await digestOf(target.connection, target.files)).toEqual({ tables: {}, files: {} });
  });
});
