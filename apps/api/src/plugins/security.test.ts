import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, apiSession, signedInAs, startApiServer } from '../../test/support';

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
});
