import { randomBytes } from 'node:crypto';
import { createAccount, isReachable, TEST_API_KEY, uniqueEmail } from '@hackclass/api/testing';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { type Connection, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Relay, relayTo } from '../testing';
import { buildServer } from './server';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const noPostgres = !process.env.DATABASE_URL && !(await isReachable(POSTGRES_URL, 5432));
if (noPostgres) console.warn('Database outages not tested on PostgreSQL: none reachable');

/** Identity and API in one process on `databaseUrl`, listening so the API can fetch its keys. */
async function allInOne(database: TestDatabase, databaseUrl?: string) {
  const port = await freePort();
  const adminSecret = randomBytes(32).toString('base64url');
  const config = loadConfig(serverConfigSchema, {
    PORT: String(port),
    DATA_DIR: database.dataDir,
    IDENTITY_API_KEY: TEST_API_KEY,
    IDENTITY_ADMIN_SECRET: adminSecret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const connection = await openConnection({ ...config, pingTimeoutMs: 1000 });
  const app = await buildServer(
    { config, connection, logger: createLogger('silent') },
    { webRoot: null },
  );
  const origin = await app.listen({ port, host: '127.0.0.1' });
  return { app, connection, origin, adminSecret };
}

async function classroomsStatus(origin: string, idToken: string) {
  return (
    await fetch(`${origin}/api/classrooms`, { headers: { authorization: `Bearer ${idToken}` } })
  ).status;
}

function signInCall(origin: string, email: string) {
  return fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery', returnSecureToken: true }),
    },
  );
}

/** What an API route and an identity sign-in answer while the database cannot be reached. */
async function expectUnavailable(origin: string, idToken: string, email: string) {
  const route = await fetch(`${origin}/api/classrooms`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(route.status).toBe(503);
  expect(route.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(route.headers.get('retry-after')).toBe('5');
  expect(await route.json()).toMatchObject({ status: 503, code: 'database_unavailable' });

  const signIn = await signInCall(origin, email);
  expect(signIn.status).toBe(503);
  expect(signIn.headers.get('retry-after')).toBe('5');
  expect(await signIn.json()).toMatchObject({
    error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
  });
}

describe.skipIf(noPostgres)('while PostgreSQL cannot be reached', () => {
  let database: TestDatabase;
  let relay: Relay;
  let server: Awaited<ReturnType<typeof allInOne>>;

  beforeAll(async () => {
    database = await createTestDatabase(POSTGRES_URL);
    relay = await relayTo(database.databaseUrl ?? '');
    server = await allInOne(database, relay.urlFor(database.databaseUrl ?? ''));
  });

  afterAll(async () => {
    await server?.app.close();
    await relay.down();
    await database?.drop();
  });

  it('routes and sign-ins answer 503 with Retry-After, and work again once it is back', async () => {
    const email = uniqueEmail('outage');
    const { idToken } = await createAccount(server, { email });
    expect(await classroomsStatus(server.origin, idToken)).toBe(200);

    await relay.down();
    await expectUnavailable(server.origin, idToken, email);

    await relay.up();
    await expect
      .poll(async () => (await signInCall(server.origin, email)).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
  });
});

describe('once the embedded database is closed', () => {
  let database: TestDatabase;
  let server: { app: FastifyInstance; connection: Connection; origin: string; adminSecret: string };

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    server = await allInOne(database, database.databaseUrl);
  });

  afterAll(async () => {
    await server.app.close().catch(() => {});
    await database.drop();
  });

  it('routes and sign-ins answer 503 with Retry-After', async () => {
    const email = uniqueEmail('closed');
    const { idToken } = await createAccount(server, { email });
    expect(await classroomsStatus(server.origin, idToken)).toBe(200);
    await server.connection.close();
    await expectUnavailable(server.origin, idToken, email);
  });
});
