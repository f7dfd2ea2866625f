import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createService } from '@hackclass/http';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Relay, relayTo } from './testing';

const postgresOnly = !process.env.DATABASE_URL;

describe.skipIf(postgresOnly)('readiness while PostgreSQL goes away and comes back', () => {
  let database: TestDatabase;
  let relay: Relay;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
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

  it('answers 200, then 503 problem+json while unreachable, then 200 again without a restart', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);

    await relay.down();
    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(down.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
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
  it('answers 503 problem+json once the database is closed', async () => {
    const database = await createTestDatabase();
    const config = loadConfig(serverConfigSchema, {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    const connection = await openConnection(config);
    const app = await createService({ config, connection, logger: createLogger('silent') });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await connection.close();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'database_unavailable' });
    await database.drop();
  });
});
