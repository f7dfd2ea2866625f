import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, apiSession, startApiServer } from '../../../test/support';
import { type Person, signedInAs } from '../../../test/support/people';

let server: ApiServer;
let student: Person;

beforeAll(async () => {
  server = await startApiServer();
  student = await signedInAs(server, 'student');
});
afterAll(() => server.close());

const setCookieOf = (headers: Record<string, unknown>): string =>
  [headers['set-cookie']]
    .flat()
    .find((line) => String(line).startsWith('hackclass_session=')) as string;

/** The student's browser keeps its page session: the cookie it is given. */
async function keep(keepSignedIn: boolean): Promise<string> {
  const response = await apiSession(server, student.idToken).call('PUT', '/page-session', {
    keepSignedIn,
  });
  expect(response.status).toBe(204);
  return setCookieOf(response.headers);
}

describe('the page session', () => {
  it('keeps the caller’s ID token in an HttpOnly cookie until the token expires', async () => {
    const cookie = await keep(true);
    expect(cookie).toContain(`hackclass_session=${student.idToken};`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    const { exp = 0 } = decodeJwt(student.idToken);
    expect(maxAge).toBeGreaterThan(exp - Date.now() / 1000 - 5);
    expect(maxAge).toBeLessThanOrEqual(exp - Date.now() / 1000 + 1);
  });

  it('ends with the browser when the user chose not to stay signed in', async () => {
    const cookie = await keep(false);
    expect(cookie).toContain(`hackclass_session=${student.idToken};`);
    expect(cookie).not.toMatch(/Max-Age|Expires/);
  });

  it('says what is wrong with its request', async () => {
    const response = await apiSession(server, student.idToken).call('PUT', '/page-session', {
      keepSignedIn: 'yes',
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('true or false');
  });

  it('is for a browser’s session: no ID token, no anti-forgery token or a personal API token is refused', async () => {
    const body = { keepSignedIn: true };
    expect((await apiSession(server).call('PUT', '/page-session', body)).status).toBe(401);
    const withoutAntiforgery = await apiSession(server, student.idToken).send(
      'PUT',
      '/page-session',
      { body },
    );
    expect(withoutAntiforgery.status).toBe(403);

    const created = await student.session.call('POST', '/users/me/api-tokens', {
      name: 'Script',
      scopes: ['read', 'write'],
      expiresInDays: 7,
    });
    const { secret } = created.json<{ secret: string }>();
    const byToken = await apiSession(server, secret).send('PUT', '/page-session', { body });
    expect(byToken.status).toBe(403);
    expect(byToken.json<{ code: string }>().code).toBe('browser_session_required');
    expect(setCookieOf(byToken.headers)).toBeUndefined();
  });

  it('is dropped by anyone, signed in or not, with no anti-forgery token', async () => {
    const response = await apiSession(server).send('DELETE', '/page-session');
    expect(response.status).toBe(204);
    expect(setCookieOf(response.headers)).toMatch(
      /^hackclass_session=; .*Expires=Thu, 01 Jan 1970/,
    );
  });

  it('is not a credential of the API', async () => {
    const response = await apiSession(server).send('GET', '/users/me', {
      headers: { cookie: `hackclass_session=${student.idToken}` },
    });
    expect(response.status).toBe(401);
  });
});
