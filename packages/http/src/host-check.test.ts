import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { describe, expect, it } from 'vitest';
import { serviceOnTestDatabase } from '../testing/test-service';
import { hostAllowList, isLoopbackHost, serviceOriginsOf } from './host-check';

describe('the Host allow-list', () => {
  const allowed = hostAllowList(['https://class.school.example', 'http://identity:3000']);

  it.each([
    'class.school.example',
    'CLASS.School.example',
    'class.school.example:443',
    'identity:3000',
    'localhost',
    'localhost:5173',
    '127.0.0.1:3000',
    '[::1]:3000',
  ])('takes %s', (host) => {
    expect(allowed(host)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'evil.example',
    'class.school.example:3000',
    'class.school.example:80',
    'class.school.example.',
    'x.class.school.example',
    'class.school.example.evil.example',
    'evil.example@class.school.example',
    'class.school.example:',
    'identity',
    'identity:80',
    'localhost.evil.example',
    'x.localhost:3000',
    '127.0.0.2:3000',
  ])('refuses %s', (host) => {
    expect(allowed(host)).toBe(false);
  });

  it('compares an origin’s port, its scheme’s default when it names none', () => {
    const local = hostAllowList(['http://192.0.2.10:8080', 'http://[2001:db8::1]']);
    expect(local('192.0.2.10:8080')).toBe(true);
    expect(local('192.0.2.10')).toBe(false);
    expect(local('[2001:db8::1]')).toBe(true);
    expect(local('[2001:db8::1]:80')).toBe(true);
    expect(local('[2001:db8::1]:8080')).toBe(false);
  });

  it('knows loopback names only as such', () => {
    expect(isLoopbackHost('localhost:3000')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('evil.example')).toBe(false);
    expect(isLoopbackHost('localhost.evil.example')).toBe(false);
    expect(isLoopbackHost(undefined)).toBe(false);
  });

  it('lets services reach the identity service and its keys where they are configured', () => {
    const config = loadConfig(serverConfigSchema, {
      PUBLIC_URL: 'https://class.school.example',
      IDENTITY_URL: 'http://identity:3000',
      IDENTITY_JWKS_URL: 'http://keys.internal:8080/jwks.json',
    });
    expect(serviceOriginsOf(config)).toEqual([
      'http://identity:3000',
      'http://keys.internal:8080/jwks.json',
    ]);
  });
});

describe('a service of ours', () => {
  it('refuses another Host with 421 on every route, and answers health probes for any', async () => {
    const { app, database } = await serviceOnTestDatabase();
    app.get('/', async () => ({ page: true }));
    app.get('/api/users/me', async () => ({ me: true }));
    const evil = { host: 'evil.example:3000' };
    for (const url of ['/', '/api/users/me', '/no/such/route']) {
      const refused = await app.inject({ url, headers: evil });
      expect(refused.statusCode).toBe(421);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({
        code: 'misdirected_request',
        detail: expect.stringContaining('http://localhost:3000'),
      });
    }
    expect((await app.inject({ url: '/', headers: { host: 'localhost:3000' } })).json()).toEqual({
      page: true,
    });
    for (const url of ['/healthz', '/readyz']) {
      expect((await app.inject({ url, headers: { host: '10.1.2.3:3000' } })).statusCode).toBe(200);
    }
    await app.close();
    await database.drop();
  });
});
