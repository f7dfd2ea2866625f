import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@hackclass/api';
import { type Echo, echoUpstream, openableTarget, targetBrowser } from '@hackclass/api/testing';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { freePort } from '@hackclass/http/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSchemas } from '../testing';
import { buildServer } from './server';

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let connection: Connection;
let upstream: Awaited<ReturnType<typeof echoUpstream>>;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  upstream = await echoUpstream();
  const webRoot = mkdtempSync(join(tmpdir(), 'hackclass-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>HackClass</title>');
  const port = await freePort();
  const config = loadConfig(serverConfigSchema, {
    PORT: String(port),
    DATA_DIR: database.dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  connection = await openConnection(config);
  app = await buildServer({ config, connection, logger: createLogger('silent') }, { webRoot });
  origin = await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await upstream?.close();
  await database?.drop();
});

describe('the all-in-one server in front of a target', () => {
  it('gives the target’s host to the target, with none of the web app’s page headers', async () => {
    const { targetId, ticketPath } = await openableTarget(
      drizzleOver(connection, schema),
      upstream.port,
    );
    const browser = targetBrowser(origin, targetId);
    expect((await browser.send('GET', ticketPath)).status).toBe(200);

    const page = await browser.get('/classrooms/anything', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect((JSON.parse(page.body) as Echo).url).toBe('/classrooms/anything');
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

    const app404 = await fetch(`${origin}/classrooms/anything`, {
      headers: { accept: 'text/html' },
    });
    expect(app404.status).toBe(200);
    expect(app404.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await app404.text()).toContain('<title>HackClass</title>');
  });
});
