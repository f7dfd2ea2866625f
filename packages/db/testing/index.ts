import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openConnection } from '../src/connection';
import { type MigrationSet, migrate } from '../src/migrate';
import { copyCluster } from './pglite-template';

export interface TestDatabase {
  /** Which database the tests run on: PGlite, or PostgreSQL when `DATABASE_URL` is set. */
  kind: 'pglite' | 'postgres';
  databaseUrl: string | undefined;
  dataDir: string;
  /** Drops the database and removes the data folder. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Schemas the database starts with, for tests of what runs on a current schema rather than of
   * migrating one: on PGlite a copy of a cluster migrated once per machine, on PostgreSQL the
   * new database migrated.
   */
  migrated?: MigrationSet[];
}

/**
 * A database of its own for one test file: a fresh PGlite folder (a copy of an empty cluster,
 * where the server would make one at its first start), or, when `DATABASE_URL` (or
 * `serverUrl`) is set, a fresh database created on that PostgreSQL server, so test files never
 * share data. `null` asks for PGlite whatever `DATABASE_URL` says.
 */
export async function createTestDatabase(
  serverUrl: string | null | undefined = process.env.DATABASE_URL,
  { migrated = [] }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hackclass-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    await copyCluster(join(dataDir, 'db'), migrated);
    return { kind: 'pglite', databaseUrl: undefined, dataDir, drop: async () => removeDir() };
  }
  const name = `hackclass_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    removeDir();
  };
  if (migrated.length > 0) {
    const connection = await openConnection({ databaseUrl: databaseUrl.toString(), dataDir });
    try {
      for (const set of migrated) await migrate(connection, set);
    } catch (error) {
      await connection.close();
      await drop();
      throw error;
    }
    await connection.close();
  }
  return { kind: 'postgres', databaseUrl: databaseUrl.toString(), dataDir, drop };
}
