import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createService } from '@hackclass/http';
import { serviceOnTestDatabase } from '@hackclass/http/testing';
import { startSmtpServer } from '@hackclass/identity/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Relay, relayTo, serverSchemas } from '../testing';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const postgresOnly = !process.env.DATABASE_URL;

describe.skipIf(postgresOnly)('readiness while PostgreSQL goes away and comes back', () => {
  let database: TestDatabase;
  let relay: Relay;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(undefined, { migrated: serverSchemas });
    relay = await relayTo(database.databaseUrl ?? '');
    const config = loadConfig(serverConfigSchema, {
      DATA_DIR: database.dataDir,
      DATABASE_URL: relay.urlFor(database.databaseUrl ?? ''),
    });
    const connection = await openConnection({ ...config, pingTimeoutMs: 1000 });
    app = await createService({ config, connection, logger: createLogger('silent') });
  });

  afterAll(async () => {
    await app.close();
    await relay.down();
    await database.drop();
  });

  it('answers 200, then 503 naming the database while unreachable, then 200 again without a restart', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);

    await relay.down();
    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ status: 'down', checks: { database: { status: 'down' } } });
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    await relay.up();
    await expect
      .poll(async () => (await app.inject('/readyz')).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
  });
});

describe('readiness on the embedded database', () => {
  it('answers 503, the database down, once it is closed', async () => {
    const { app, connection, database } = await serviceOnTestDatabase();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await connection.close();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'down',
      checks: { database: { status: 'down' } },
    });
    await database.drop();
  });
});

describe('readiness of the optional dependencies', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(undefined, { migrated: serverSchemas });
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp.close();
    await database.drop();
  });

  /** On the embedded database, DATA_DIR's disk is checked too. */
  const disk = () => (database.databaseUrl ? {} : { disk: { status: 'ok' } });

  async function serviceWith(env: Record<string, string>) {
    const config = loadConfig(serverConfigSchema, {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...env,
    });
    const connection = await openConnection(config);
    return createService({ config, connection, logger: createLogger('silent') });
  }

  it('reports the database alone when nothing else is configured', async () => {
    const app = await serviceWith({});
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: { status: 'ok' }, ...disk() },
    });
    await app.close();
  });

  it('reports Redis and SMTP when they answer', async () => {
    const app = await serviceWith({ REDIS_URL: REDIS_URL, SMTP_URL: smtp.url });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'ok' },
        redis: { status: 'ok' },
        smtp: { status: 'ok' },
        ...disk(),
      },
    });
    await app.close();
  });

  it('stays 200, degraded, while Redis and SMTP do not answer', async () => {
    const [redisPort, smtpPort] = [await freePort(), await freePort()];
    const app = await serviceWith({
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    const body = ready.json();
    expect(body).toMatchObject({
      status: 'degraded',
      checks: {
        database: { status: 'ok' },
        redis: { status: 'degraded' },
        smtp: { status: 'degraded' },
      },
    });
    expect(body.checks.smtp.detail).toMatch(/^SMTP: /);
    expect(body.checks.redis.detail).toEqual(expect.any(String));
    await app.close();
  });
});
