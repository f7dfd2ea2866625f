import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  createAccount,
  signedInAs,
  signIn,
  startApiServer,
  TEST_API_KEY,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/support';
import { users } from '../../db/schema';

let server: ApiServer;
const adminEmail = uniqueEmail('admin');

beforeAll(async () => {
  server = await startApiServer({ adminEmails: adminEmail });
});
afterAll(() => server.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('signup'),
  password: TEST_PASSWORD,
  displayName: 'Ada Lovelace',
  roleId: 2,
  ...overrides,
});

describe('anti-forgery', () => {
  it('issues a token and its cookie', async () => {
    const response = await apiSession(server).send('POST', '/auth/antiforgery/token');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String) });
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
  });

  it('refuses a state change without a token, with a wrong one, or with another session’s', async () => {
    const session = apiSession(server);
    await session.antiforgeryToken();
    const other = apiSession(server);
    const othersToken = await other.antiforgeryToken();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-xsrf-token': 'forged' },
      { 'x-xsrf-token': othersToken },
    ];
    for (const headers of attempts) {
      const response = await session.send('POST', '/auth/register', {
        body: registration(),
        headers,
      });
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ code: 'antiforgery_failed' });
    }
  });
});

describe('anti-forgery tokens are for one user', () => {
  it('refuses a token minted for one user with the requests of another in the same browser', async () => {
    const ada = await signedInAs(server, 'student', 'ada');
    const bob = await signedInAs(server, 'student', 'bob');
    // One browser: Ada signs in and gets a token; then Bob signs in on the same cookie.
    const browser = apiSession(server, ada.idToken);
    const adasToken = await browser.antiforgeryToken();
    const asBob = (xsrf: string) =>
      browser.send('POST', `/users/${bob.id}/notifications/read`, {
        body: {},
        headers: { authorization: `Bearer ${bob.idToken}`, 'x-xsrf-token': xsrf },
      });

    const refused = await asBob(adasToken);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'antiforgery_failed' });

    const minted = await browser.send('POST', '/auth/antiforgery/token', {
      headers: { authorization: `Bearer ${bob.idToken}` },
    });
    expect((await asBob(minted.json<{ token: string }>().token)).status).toBe(204);
  });

  it('refuses a token minted before sign-in once the request is signed in', async () => {
    const ada = await signedInAs(server, 'student', 'ada');
    const browser = apiSession(server);
    const anonymous = await browser.antiforgeryToken();
    const response = await browser.send('POST', `/users/${ada.id}/notifications/read`, {
      body: {},
      headers: { authorization: `Bearer ${ada.idToken}`, 'x-xsrf-token': anonymous },
    });
    expect(response.status).toBe(403);
  });
});

describe('POST /auth/register', () => {
  it('creates the identity account and the product user together', async () => {
    const body = registration();
    const response = await apiSession(server).call('POST', '/auth/register', body);
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({
      email: body.email,
      displayName: 'Ada Lovelace',
      roleId: 2,
      emailVerified: false,
    });
    const idToken = await signIn(server, body.email);
    const me = await apiSession(server, idToken).call('GET', '/users/me');
    expect(me.json()).toMatchObject({ id: response.json().id, roleId: 2 });
  });

  it('answers a taken email with a title the signup page can show', async () => {
    const body = registration();
    await apiSession(server).call('POST', '/auth/register', body);
    const again = await apiSession(server).call('POST', '/auth/register', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ title: 'Email already in use', code: 'email_in_use' });
  });

  it.each([
    ['an admin role', { roleId: 3 }, 'roleId'],
    ['a guest role', { roleId: 4 }, 'roleId'],
    ['a short password', { password: 'short' }, 'password'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['a blank name', { displayName: '   ' }, 'displayName'],
    ['a name with a control character', { displayName: 'Ada\u0007' }, 'displayName'],
  ])('refuses %s with a field error', async (_what, overrides, field) => {
    const response = await apiSession(server).call(
      'POST',
      '/auth/register',
      registration(overrides),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toBeDefined();
  });

  it('refuses one of the most common passwords as weak, in a detail the signup page can show', async () => {
    const response = await apiSession(server).call(
      'POST',
      '/auth/register',
      registration({ password: 'Password1' }),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'weak_password',
      detail: 'Password is one of the most common passwords; choose one that is harder to guess',
    });
  });

  it('leaves no identity account behind when the product user cannot be made', async () => {
    const email = uniqueEmail('orphan');
    // A user whose identity account exists holds the email in the product.
    const holder = await createAccount(server);
    const { id } = (await apiSession(server, holder.idToken).call('GET', '/users/me')).json<{
      id: string;
    }>();
    await server.db.update(users).set({ email }).where(eq(users.id, id));
    const response = await apiSession(server).call(
      'POST',
      '/auth/register',
      registration({ email }),
    );
    expect(response.status).toBe(409);
    await expect(signIn(server, email)).rejects.toThrow('INVALID_LOGIN_CREDENTIALS');
  });
});

describe('registrations per address', () => {
  it('are limited by SIGNUP_LIMIT_PER_HOUR, as the identity service limits its sign-ups', async () => {
    const limited = await startApiServer({ signUpsPerHour: 2 });
    try {
      for (let count = 0; count < 2; count++) {
        const created = await apiSession(limited).call('POST', '/auth/register', registration());
        expect(created.status).toBe(201);
      }
      const refused = await apiSession(limited).call('POST', '/auth/register', registration());
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/problem\+json/);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', title: 'Too many requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('count the addresses of one IPv6 /64 as one address', async () => {
    const limited = await startApiServer({ signUpsPerHour: 2 });
    const register = (from: string) =>
      apiSession(limited, undefined, from).call('POST', '/auth/register', registration());
    try {
      expect((await register('2001:db8:3:1::100')).status).toBe(201);
      expect((await register('2001:db8:3:1::101')).status).toBe(201);
      expect((await register('2001:db8:3:1::102')).status).toBe(429);
      expect((await register('2001:db8:3:2::100')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /users/me', () => {
  it('needs a valid ID token', async () => {
    expect((await apiSession(server).call('GET', '/users/me')).status).toBe(401);
    const garbled = await apiSession(server, 'not.a.token').call('GET', '/users/me');
    expect(garbled.status).toBe(401);
    expect(garbled.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('answers every refused token alike, whatever check it failed', async () => {
    const { idToken } = await createAccount(server);
    const [header = '', payload = '', signature = ''] = idToken.split('.');
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const decoded = JSON.parse(Buffer.from(header, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = [
      'not.a.token',
      `${header}.${payload}.${flipped}`,
      `${encode({ ...decoded, kid: 'unknown-key' })}.${payload}.${signature}`,
      `${encode({ ...decoded, alg: 'HS256' })}.${payload}.${signature}`,
      `${header}.${encode({ ...claims, aud: 'another-project' })}.${signature}`,
    ];
    const bodies = await Promise.all(
      refused.map(async (token) => {
        const response = await apiSession(server, token).call('GET', '/users/me');
        expect(response.status).toBe(401);
        return response.json();
      }),
    );
    // Alike but for the request id each answer names.
    const sameness = (body: unknown) =>
      JSON.stringify(body, (key, value) => (key === 'requestId' ? undefined : value));
    expect(new Set(bodies.map(sameness)).size).toBe(1);
    expect(bodies[0]).toMatchObject({
      status: 401,
      code: 'invalid_token',
      title: 'Unauthorized',
      detail: 'Sign in again to continue',
    });
  });

  it('creates the product user on first sight of a valid token, verified or not', async () => {
    const { email, idToken } = await createAccount(server, { emailVerified: false });
    const response = await apiSession(server, idToken).call('GET', '/users/me');
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ email, emailVerified: false, roleId: 1 });
  });

  it('takes profile changes made at the identity service from the next token', async () => {
    const { email, idToken } = await createAccount(server);
    await apiSession(server, idToken).call('GET', '/users/me');
    await fetch(
      `${server.origin}/identitytoolkit.googleapis.com/v1/accounts:update?key=${TEST_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken, displayName: 'Renamed', returnSecureToken: true }),
      },
    );
    const me = await apiSession(server, await signIn(server, email)).call('GET', '/users/me');
    expect(me.json()).toMatchObject({ displayName: 'Renamed' });
  });

  it('makes an ADMIN_EMAILS address an admin only once it is verified', async () => {
    const unverified = await createAccount(server, { email: adminEmail, emailVerified: false });
    const before = await apiSession(server, unverified.idToken).call('GET', '/users/me');
    expect(before.json()).toMatchObject({ roleId: 1 });
  });

  it('makes a verified ADMIN_EMAILS address an admin', async () => {
    const adminServer = await startApiServer({ adminEmails: 'boss@example.org' });
    try {
      const { idToken } = await createAccount(adminServer, { email: 'boss@example.org' });
      const me = await apiSession(adminServer, idToken).call('GET', '/users/me');
      expect(me.json()).toMatchObject({ roleId: 3, emailVerified: true });
    } finally {
      await adminServer.close();
    }
  });
});

describe('unknown API routes', () => {
  it('answer 404 problem+json, signed in or not', async () => {
    const response = await apiSession(server).call('GET', '/nowhere');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/problem\+json/);
  });
});
