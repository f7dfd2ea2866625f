import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { problemHandlers } from './problem-handlers';
import { createService } from './run-service';

describe('request ids', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig(serverConfigSchema, {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    const connection = await openConnection(config);
    const logger = createLogger('info', {
      write: (line: string) => void lines.push(JSON.parse(line)),
    });
    app = await createService({ config, connection, logger });
    await app.register(problemHandlers);
    app.get('/work', async (request) => {
      request.log.info('working');
      return { ok: true };
    });
    app.get('/teapot', async () => {
      throw new HttpError(418, 'teapot', 'I am a teapot');
    });
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('keeps a sane x-request-id, returns it and puts it on every log line of the request', async () => {
    const response = await app.inject({
      url: '/work',
      headers: { 'x-request-id': 'lb:01.abc-9_Z' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('lb:01.abc-9_Z');
    const logged = linesOf('lb:01.abc-9_Z').map((line) => line.msg);
    expect(logged).toEqual(['incoming request', 'working', 'request completed']);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a line break', 'id\nforged'],
    ['empty', ''],
  ])('makes a new id for one %s', async (_, given) => {
    const response = await app.inject({ url: '/work', headers: { 'x-request-id': given } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id)).toHaveLength(3);
  });

  it('makes a different id for each request that brings none', async () => {
    const first = await app.inject('/work');
    const second = await app.inject('/work');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('names the request in problem+json bodies, for errors and unknown routes alike', async () => {
    const failed = await app.inject({ url: '/teapot', headers: { 'x-request-id': 'req-418' } });
    expect(failed.statusCode).toBe(418);
    expect(failed.json()).toMatchObject({ code: 'teapot', requestId: 'req-418' });

    const missing = await app.inject({ url: '/nowhere', headers: { 'x-request-id': 'req-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('req-404');
    expect(missing.json()).toMatchObject({ status: 404, requestId: 'req-404' });
  });

  it('names it when the router refuses the URL itself', async () => {
    const response = await app.inject({ url: '/work/%zz', headers: { 'x-request-id': 'bad-url' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-request-id']).toBe('bad-url');
    expect(response.json()).toMatchObject({ status: 400, requestId: 'bad-url' });
  });
});
