import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { type Connection, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSchemas } from '../testing';
import { buildServer } from './server';

let database: TestDatabase;
let connection: Connection;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    LABS_DRIVER: 'docker',
    // An engine that never answers: no socket there.
    DOCKER_HOST: `unix://${database.dataDir}/no-engine.sock`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  connection = await openConnection(config);
  app = await buildServer(
    { config, connection, logger: createLogger('silent') },
    { webRoot: null },
  );
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('readiness with an engine configured', () => {
  it('stays 200 while the engine does not answer, reporting it degraded', async () => {
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'degraded',
      checks: { engine: { status: 'degraded' } },
    });
    expect(ready.json().checks.engine.detail).toEqual(expect.any(String));
  });

  it('tells the web app that targets are on', async () => {
    expect((await app.inject('/config.json')).json()).toMatchObject({ targets: { enabled: true } });
  });
});
