import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { copyCleanCluster } from './pglite-template';

export interface TestDatabase {
  /** Which database the tests run on: PGlite, or PostgreSQL when `DATABASE_URL` is set. */
  kind: 'pglite' | 'postgres';
  databaseUrl: string | undefined;
  dataDir: string;
  /** Drops the database and removes the data folder. */
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: a fresh PGlite folder (a copy of an empty cluster,
 * where the server would make one at its first start), or, when `DATABASE_URL` (or
 * `serverUrl`) is set, a fresh database created on that PostgreSQL server, so test files never
 * share data. `null` asks for PGlite whatever `DATABASE_URL` says.
 */
export async function createTestDatabase(
  serverUrl: string | null | undefined = process.env.DATABASE_URL,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hackclass-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    await copyCleanCluster(join(dataDir, 'db'));
    return { kind: 'pglite', databaseUrl: undefined, dataDir, drop: async () => removeDir() };
  }
  const name = `hackclass_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  return {
    kind: 'postgres',
    databaseUrl: databaseUrl.toString(),
    dataDir,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
      removeDir();
    },
  };
}
