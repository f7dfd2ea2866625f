import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, apiSession, startApiServer, TEST_PASSWORD, uniqueEmail } from '../testing';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe('API security', () => {
  it('sends security headers with every answer', async () => {
    const response = await apiSession(server).call('GET', '/users/me');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
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
