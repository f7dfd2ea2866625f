import { Writable } from 'node:stream';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { loggerOptions } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './proxy';
import { createService } from './run-service';

const opened: { app: FastifyInstance; database: TestDatabase }[] = [];

afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.drop();
  }
});

/** A service whose `/ip` answers the client address it settled on, and the warnings it logged. */
async function serviceWith(env: Record<string, string>) {
  const database = await createTestDatabase();
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = pino(loggerOptions('warn'), sink);
  const app = await createService({ config, connection: await openConnection(config), logger });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  opened.push({ app, database });
  const warnings = () => lines.filter((line) => line.msg.includes('TRUST_PROXY'));
  return { app, warnings };
}

describe('TRUST_PROXY', () => {
  it('true believes the nearest proxy only, not an address the client put before it', async () => {
    const { app } = await serviceWith({ TRUST_PROXY: 'true' });
    const response = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.7' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.7' });
  });

  it('a hop count believes that many proxies', async () => {
    const { app } = await serviceWith({ TRUST_PROXY: '2' });
    const response = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.7, 10.0.0.9' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.7' });
  });

  it('addresses believe only those proxies', async () => {
    const { app } = await serviceWith({ TRUST_PROXY: '10.0.0.0/8' });
    const fromProxy = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.7' },
    });
    expect(fromProxy.json()).toEqual({ ip: '203.0.113.7' });
    const fromElsewhere = await app.inject({
      url: '/ip',
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(fromElsewhere.json()).toEqual({ ip: '192.0.2.1' });
  });
});

describe('a proxy the service was not told to trust', () => {
  it('is named once in the log when it forwards from a private address', async () => {
    const { app, warnings } = await serviceWith({});
    const proxied = {
      url: '/ip',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    };
    await app.inject(proxied);
    await app.inject(proxied);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.msg).toMatch(
      /^Requests from 10\.1\.2\.3 carry X-Forwarded-For but TRUST_PROXY is not set.*set TRUST_PROXY=true/,
    );
    expect((await app.inject(proxied)).json()).toEqual({ ip: '10.1.2.3' });
  });

  it('is not suspected for a public peer, nor for a request without the header', async () => {
    const { app, warnings } = await serviceWith({});
    await app.inject({ url: '/ip', remoteAddress: '10.1.2.3' });
    await app.inject({
      url: '/ip',
      remoteAddress: '198.51.100.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(warnings()).toEqual([]);
  });

  it('is not warned of once TRUST_PROXY is set', async () => {
    const { app, warnings } = await serviceWith({ TRUST_PROXY: 'true' });
    await app.inject({
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(warnings()).toEqual([]);
  });

  it.each([
    ['127.0.0.1', true],
    ['::ffff:192.168.1.20', true],
    ['::1', true],
    ['fd12::1', true],
    ['172.31.255.1', true],
    ['172.32.0.1', false],
    ['8.8.8.8', false],
    ['2001:db8::1', false],
  ])('counts %s as private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
