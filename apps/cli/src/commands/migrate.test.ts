import { apiMigrations, mailMigrations } from '@hackclass/api';
import { journalOf, openConnection, pendingMigrations } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { identityMigrations } from '@hackclass/identity';
import { runServerToExit, startServerProcess } from '@hackclass/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '.';

let database: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  env = {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
});

afterAll(() => database.drop());

async function pending() {
  const connection = await openConnection({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  });
  try {
    return {
      identity: await pendingMigrations(connection, identityMigrations),
      mail: await pendingMigrations(connection, mailMigrations),
      api: await pendingMigrations(connection, apiMigrations),
    };
  } finally {
    await connection.close();
  }
}

describe('migrate and MIGRATE=off', () => {
  it('refuses to start a server on a schema behind its code with MIGRATE=off', async () => {
    expect((await pending()).api).toContain('0000_core_tables');
    const refused = await runServerToExit({ ...env, MIGRATE: 'off' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `The database schema of the identity service is behind this version (${journalOf(identityMigrations).length} migrations to apply) and MIGRATE=off: run \`npx hackclass migrate\`, then start again`,
    );
  });

  it('applies every migration and names them, then nothing the second time', async () => {
    const first = memoryIo(env);
    expect(await runCli(['migrate'], first, commands)).toBe(0);
    expect(first.stdout()).toMatch(
      /^identity service: applied \d+ migrations: 0000_identity_tables, .*\nmail outbox: applied 1 migration: 0000_outbox\nAPI: applied \d+ migrations: 0000_core_tables, /,
    );
    expect(await pending()).toEqual({ identity: [], mail: [], api: [] });
    const again = memoryIo(env);
    expect(await runCli(['migrate'], again, commands)).toBe(0);
    expect(again.stdout()).toBe(
      'identity service: up to date\nmail outbox: up to date\nAPI: up to date\n',
    );
  });

  it('starts a server on a current schema with MIGRATE=off', async () => {
    const server = await startServerProcess({ ...env, MIGRATE: 'off' });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses arguments', async () => {
    const io = memoryIo(env);
    expect(await runCli(['migrate', 'now'], io, commands)).toBe(2);
    expect(io.stderr()).toContain('migrate takes no arguments');
  });
});
