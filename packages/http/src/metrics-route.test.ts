import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from './http-error';
import { bearerMatches } from './metrics-route';
import { parsePrometheusText, sampleSum } from './prometheus-text';
import { createService } from './run-service';

const TOKEN = 'scrape-me-0123456789';

async function serviceWith(database: TestDatabase, env: Record<string, string> = {}) {
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const connection = await openConnection(config);
  return createService({ config, connection, logger: createLogger('silent') });
}

describe('/metrics', () => {
  let database: TestDatabase;
  let open: FastifyInstance;
  let guarded: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    open = await serviceWith(database);
    open.get('/items/:id', async () => ({ ok: true }));
    open.get('/busy', async () => {
      throw commonErrors.rateLimited('slow down');
    });
    // A second service on the same database; PGlite's folder is taken by the first.
    if (database.databaseUrl) guarded = await serviceWith(database, { METRICS_TOKEN: TOKEN });
  });

  afterAll(async () => {
    await open.close();
    await guarded?.close();
    await database.drop();
  });

  const scrape = async (app = open) => {
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(response.body);
  };

  it('answers Prometheus text, every name prefixed, with event-loop lag among the defaults', async () => {
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.every((sample) => sample.name.startsWith('hackclass_'))).toBe(true);
    expect(samples.some((sample) => sample.name === 'hackclass_nodejs_eventloop_lag_seconds')).toBe(
      true,
    );
  });

  it('times requests by route pattern, method and status class, never by raw URL', async () => {
    for (const id of ['1', '2', '3']) await open.inject(`/items/${id}`);
    await open.inject('/nowhere/at/all');
    const samples = await scrape();
    const count = 'hackclass_http_request_duration_seconds_count';
    expect(
      sampleSum(samples, count, { route: '/items/:id', method: 'GET', status_class: '2xx' }),
    ).toBe(3);
    expect(sampleSum(samples, count, { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(samples.some((sample) => sample.labels.route?.includes('/items/1'))).toBe(false);
    expect(samples.some((sample) => sample.labels.route?.includes('nowhere'))).toBe(false);
  });

  it('counts rate-limit refusals by route', async () => {
    const before = sampleSum(await scrape(), 'hackclass_rate_limit_refusals_total', {
      route: '/busy',
    });
    await open.inject('/busy');
    await open.inject('/busy');
    const after = sampleSum(await scrape(), 'hackclass_rate_limit_refusals_total', {
      route: '/busy',
    });
    expect(after - before).toBe(2);
  });

  it('answers loopback clients only when no token is configured', async () => {
    const remote = await open.inject({ url: '/metrics', remoteAddress: '192.0.2.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(remote.json()).toMatchObject({ code: 'metrics_forbidden' });
    expect(remote.body).not.toContain('hackclass_');
    const local = await open.inject({ url: '/metrics', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });

  it('answers no loopback client without a token that asks for another host name or was forwarded', async () => {
    for (const headers of [
      { host: 'rebound.evil.example:3000' },
      { host: '192.0.2.7:3000' },
      { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9' },
      { host: 'localhost:3000', forwarded: 'for=203.0.113.9' },
      { host: 'localhost:3000', 'x-real-ip': '203.0.113.9' },
    ]) {
      const refused = await open.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'metrics_forbidden' });
      expect(refused.body).not.toContain('hackclass_');
    }
    for (const host of ['localhost:3000', '127.0.0.1:9100', '[::1]']) {
      const local = await open.inject({ url: '/metrics', remoteAddress: '::1', headers: { host } });
      expect(local.statusCode).toBe(200);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'asks for the bearer token when one is configured, from loopback too',
    async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-0123456789',
        TOKEN,
        `Basic ${TOKEN}`,
      ]) {
        const refused = await guarded.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toBe('Bearer');
        expect(refused.body).not.toContain('hackclass_');
      }
      // Prometheus scrapes a replica by its address, whatever PUBLIC_URL says.
      const allowed = await guarded.inject({
        url: '/metrics',
        remoteAddress: '192.0.2.7',
        headers: { authorization: `Bearer ${TOKEN}`, host: '10.1.2.3:3000' },
      });
      expect(allowed.statusCode).toBe(200);
      const samples = parsePrometheusText(allowed.body);
      expect(sampleSum(samples, 'hackclass_db_pool_max_connections')).toBe(10);
      // This scrape's own query holds a connection: at least one is active.
      expect(sampleSum(samples, 'hackclass_db_connections', { state: 'active' })).toBeGreaterThan(
        0,
      );
    },
  );

  it('compares bearer tokens whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe('parsePrometheusText', () => {
  it('refuses what is not the text format', () => {
    expect(() => parsePrometheusText('hackclass_up 1\nnot a metric line')).toThrow(
      /not Prometheus/,
    );
    expect(() => parsePrometheusText('hackclass_up{a="1" 1')).toThrow(/not Prometheus/);
    expect(parsePrometheusText('# HELP x y\n# TYPE x counter\nx{a="b\\"c",d="e"} 2\n')).toEqual([
      { name: 'x', labels: { a: 'b"c', d: 'e' }, value: 2 },
    ]);
  });
});
