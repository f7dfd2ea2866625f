import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  signedInAs,
  startApiServer,
  TEST_PASSWORD,
  uniqueEmail,
} from '../testing';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe('API security', () => {
  it('sends security headers with every answer', async () => {
    const response = await apiSession(server).call('GET', '/users/me');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('lets no cache keep a JSON answer, nor a problem', async () => {
    const { session } = await signedInAs(server, 'student');
    const me = await session.call('GET', '/users/me');
    expect(me.headers['content-type']).toMatch(/^application\/json/);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await session.call('GET', '/classrooms/not-a-uuid');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('limits sign-ups per address, answering 429 problem+json with the time to wait', async () => {
    const session = apiSession(server);
    const register = () =>
      session.call('POST', '/auth/register', {
        email: uniqueEmail('burst'),
        password: TEST_PASSWORD,
        displayName: 'Burst',
        roleId: 1,
      });
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await register()).status).toBe(201);
    }
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', title: 'Too many requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
