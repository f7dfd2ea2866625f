import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

/** The signed-in user of the identity SDK: its cached ID token, or a new one when forced. */
const user = {
  uid: 'uid-ada',
  getIdToken: vi.fn(async (forceRefresh?: boolean) => (forceRefresh ? 'new-token' : 'old-token')),
};

vi.mock('./identity', () => ({ signedInUser: async () => user }));
vi.mock('./runtime-config', () => ({ getRuntimeConfig: () => ({ apiBaseUrl: '/api' }) }));
vi.mock('./session-end', () => ({ endSessionOn: () => false }));

const refused = () =>
  Response.json(
    { type: 'about:blank', title: 'Sign in again to continue', status: 401, code: 'invalid_token' },
    { status: 401, headers: { 'content-type': 'application/problem+json' } },
  );

/** The API as it answers a Firebase project's tokens: those past their accepted age get a 401. */
const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
  const bearer = new Headers(init?.headers).get('authorization');
  if (bearer !== 'Bearer new-token') return refused();
  if (String(input) === '/api/auth/antiforgery/token') return Response.json({ token: 'xsrf' });
  return Response.json({ saved: true });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  user.getIdToken.mockClear();
});

describe('a refused ID token', () => {
  it('is replaced by a new one when the anti-forgery token request refuses it, and the change goes through', async () => {
    await expect(api.post('/things', { body: { name: 'x' } })).resolves.toEqual({ saved: true });
    expect(user.getIdToken.mock.calls).toEqual([[false], [true]]);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/auth/antiforgery/token',
      '/api/auth/antiforgery/token',
      '/api/things',
    ]);
  });

  it('is replaced by a new one when a read refuses it', async () => {
    await expect(api.get('/things')).resolves.toEqual({ saved: true });
    expect(user.getIdToken.mock.calls).toEqual([[false], [true]]);
  });
});
