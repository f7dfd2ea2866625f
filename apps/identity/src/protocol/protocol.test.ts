import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, type IdentityServer, startIdentity, uniqueEmail } from '../../testing';
import { BODY_LIMIT_BYTES } from './handlers';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterAll(() => server.close());

const toolkit = '/identitytoolkit.googleapis.com';
const endpoints = [
  `${toolkit}/v1/accounts:signUp`,
  `${toolkit}/v1/accounts:signInWithPassword`,
  `${toolkit}/v1/accounts:lookup`,
  `${toolkit}/v1/accounts:update`,
  `${toolkit}/v1/accounts:sendOobCode`,
  `${toolkit}/v1/accounts:resetPassword`,
  `${toolkit}/v1/accounts:delete`,
  `${toolkit}/v2/accounts:revokeToken`,
  '/securetoken.googleapis.com/v1/token',
];

interface Envelope {
  error: { code: number; message: string; errors: Array<{ message: string }> };
}

async function send(path: string, init: { body?: string; type?: string; key?: string | null }) {
  const key =
    init.key === undefined ? `?key=${API_KEY}` : init.key === null ? '' : `?key=${init.key}`;
  const response = await server.app().inject({
    method: 'POST',
    url: `${path}${key}`,
    ...(init.type ? { headers: { 'content-type': init.type } } : {}),
    ...(init.body === undefined ? {} : { payload: init.body }),
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

/** C0 controls and DEL, NUL most of all: PostgreSQL text cannot hold it. */
const controlCharacter = fc.oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constant('\u007f'),
);

/** `text` with a control character put in at any place. */
function withControlCharacter(text: fc.Arbitrary<string>) {
  return fc.tuple(text, controlCharacter, fc.nat()).map(([value, control, at]) => {
    const index = at % (value.length + 1);
    return value.slice(0, index) + control + value.slice(index);
  });
}

function expectEnvelope({ status, body }: { status: number; body: Envelope }, message?: string) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body.error.code).toBe(status);
  expect(body.error.errors[0]?.message).toBe(body.error.message);
  if (message) expect(body.error.message).toBe(message);
}

describe('the protocol envelope for bad requests', () => {
  it('refuses a wrong API key and a missing one as Google does', async () => {
    const wrong = await send(endpoints[0] ?? '', {
      body: '{}',
      type: 'application/json',
      key: 'x',
    });
    expectEnvelope(wrong, 'API key not valid. Please pass a valid API key.');
    expect(wrong.status).toBe(400);
    const missing = await send(endpoints[0] ?? '', {
      body: '{}',
      type: 'application/json',
      key: null,
    });
    expect(missing.status).toBe(403);
    expect(missing.body.error).toMatchObject({ status: 'PERMISSION_DENIED' });
  });

  it.each(endpoints)('answers malformed input to %s with a protocol error', async (path) => {
    const cases = [
      { body: '{"email":', type: 'application/json' },
      { body: '', type: 'application/json' },
      { body: '[1,2]', type: 'application/json' },
      { body: '"text"', type: 'application/json' },
      { body: 'hello', type: 'text/plain' },
      { body: '<x/>', type: 'application/xml' },
      { body: JSON.stringify({ email: 'a'.repeat(BODY_LIMIT_BYTES) }), type: 'application/json' },
      { body: JSON.stringify({ idToken: 42, email: {}, password: [] }), type: 'application/json' },
      { body: JSON.stringify({ idToken: 'x'.repeat(5000) }), type: 'application/json' },
      { body: '{}', type: 'application/json' },
    ];
    for (const input of cases) expectEnvelope(await send(path, input));
  });

  it('names the missing or wrong field in the codes the SDK knows', async () => {
    const json = 'application/json';
    const signUp = `${toolkit}/v1/accounts:signUp`;
    const cases: Array<[string, unknown, string]> = [
      [signUp, { email: 'a@example.org' }, 'MISSING_PASSWORD'],
      [signUp, { password: 'long enough' }, 'MISSING_EMAIL'],
      [signUp, { email: 'x', password: 'long enough' }, 'INVALID_EMAIL'],
      [
        signUp,
        { email: uniqueEmail(), password: 'short' },
        'WEAK_PASSWORD : Password should be at least 8 characters',
      ],
      [`${toolkit}/v1/accounts:lookup`, {}, 'MISSING_ID_TOKEN'],
      [`${toolkit}/v1/accounts:lookup`, { idToken: 'a.b.c' }, 'INVALID_ID_TOKEN'],
      [`${toolkit}/v1/accounts:sendOobCode`, {}, 'MISSING_REQ_TYPE'],
      [`${toolkit}/v1/accounts:sendOobCode`, { requestType: 'NOPE' }, 'INVALID_REQ_TYPE'],
      [`${toolkit}/v1/accounts:resetPassword`, {}, 'MISSING_OOB_CODE'],
      ['/securetoken.googleapis.com/v1/token', {}, 'MISSING_GRANT_TYPE'],
      ['/securetoken.googleapis.com/v1/token', { grant_type: 'password' }, 'INVALID_GRANT_TYPE'],
    ];
    for (const [path, body, message] of cases) {
      expectEnvelope(await send(path, { body: JSON.stringify(body), type: json }), message);
    }
  });

  it('answers unknown routes under the protocol prefixes with the envelope', async () => {
    const response = await server
      .app()
      .inject({ method: 'GET', url: `${toolkit}/v1/nothing?key=${API_KEY}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('never answers a random body with a server error', async () => {
    const anyJson = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'email',
          'password',
          'idToken',
          'oobCode',
          'newPassword',
          'requestType',
          'displayName',
          'photoUrl',
          'deleteAttribute',
          'continueUrl',
          'token',
          'grant_type',
          'refresh_token',
          'returnSecureToken',
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.emailAddress(),
          withControlCharacter(fc.emailAddress()),
          withControlCharacter(fc.string({ minLength: 8 })),
          fc.constant('PASSWORD_RESET'),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), anyJson, async (path, value) => {
        const { status, body } = await send(path, {
          body: JSON.stringify(value),
          type: 'application/json',
        });
        expect(status).toBeLessThan(500);
        if (status >= 400) expectEnvelope({ status, body });
      }),
      { numRuns: 300 },
    );
  });
});

describe('control characters', () => {
  const json = 'application/json';
  const post = (path: string, body: unknown) =>
    send(`${toolkit}${path}`, { body: JSON.stringify(body), type: json });

  it('are refused in addresses with INVALID_EMAIL, before they reach the database', async () => {
    const email = `nul\u0000${uniqueEmail()}`;
    const cases: Array<[string, unknown]> = [
      ['/v1/accounts:signUp', { email, password: 'correct horse' }],
      ['/v1/accounts:signInWithPassword', { email, password: 'correct horse' }],
      ['/v1/accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email }],
    ];
    for (const [path, body] of cases) expectEnvelope(await post(path, body), 'INVALID_EMAIL');
  });

  it('are refused in profile fields and admin input with a protocol error', async () => {
    const signedUp = await server.call('/v1/accounts:signUp', {
      email: uniqueEmail(),
      password: 'correct horse',
    });
    const { idToken } = (await signedUp.json()) as { idToken: string };
    for (const change of [
      { displayName: 'Ada\u0000' },
      { displayName: 'Ada\u0007Lovelace' },
      { photoUrl: 'https://example.org/\u0000.png' },
      { deleteAttribute: ['DISPLAY_NAME\u0000'] },
    ]) {
      const answer = await post('/v1/accounts:update', { idToken, ...change });
      expectEnvelope(answer);
      expect(answer.body.error.message).toMatch(/^INVALID_ARGUMENT : /);
    }
    const created = await server.admin('POST', '/accounts', {
      email: uniqueEmail(),
      password: 'correct horse',
      displayName: 'Ada\u0000',
    });
    expect(created.status).toBe(400);
    const { uid } = (await (
      await server.admin('POST', '/accounts', { email: uniqueEmail(), password: 'correct horse' })
    ).json()) as { uid: string };
    for (const claims of [{ role: 'a\u0000' }, { 'a\u0000': 1 }, { list: [{ x: '\u0000' }] }]) {
      const answer = await server.admin('PUT', `/accounts/${uid}/claims`, { claims });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Envelope).error.message).toMatch(/^INVALID_CLAIMS/);
    }
  });

  it('never make a profile update or an admin call answer with a server error', async () => {
    const signedUp = await server.call('/v1/accounts:signUp', {
      email: uniqueEmail(),
      password: 'correct horse',
    });
    const { idToken } = (await signedUp.json()) as { idToken: string };
    const anyText = fc.oneof(
      fc.string({ unit: 'binary' }),
      withControlCharacter(fc.string()),
      withControlCharacter(fc.webUrl()),
    );
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (displayName, photoUrl) => {
        const { status } = await post('/v1/accounts:update', { idToken, displayName, photoUrl });
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.emailAddress(), withControlCharacter(fc.emailAddress())),
        anyText,
        anyText,
        async (email, displayName, claim) => {
          const created = await server.admin('POST', '/accounts', {
            email,
            password: 'correct horse',
            displayName,
          });
          expect(created.status).toBeLessThan(500);
          if (!created.ok) return;
          const { uid } = (await created.json()) as { uid: string };
          const claims = { [claim]: claim };
          expect(
            (await server.admin('PUT', `/accounts/${uid}/claims`, { claims })).status,
          ).toBeLessThan(500);
          expect((await server.admin('DELETE', `/accounts/${uid}`)).status).toBe(200);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the admin API', () => {
  it('opens only with the service secret, never with a user token', async () => {
    const email = uniqueEmail();
    const created = await server.admin('POST', '/accounts', { email, password: 'correct horse' });
    expect(created.status).toBe(200);
    const signedIn = await server.call('/v1/accounts:signInWithPassword', {
      email,
      password: 'correct horse',
    });
    const { idToken } = (await signedIn.json()) as { idToken: string };
    for (const authorization of [`Bearer ${idToken}`, 'Bearer wrong', '', server.adminSecret]) {
      const response = await fetch(`${server.origin}/identity/admin/v1/accounts`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail(), password: 'correct horse' }),
      });
      expect(response.status).toBe(401);
    }
  });

  it('sets custom claims that ID tokens then carry, never over the reserved ones', async () => {
    const email = uniqueEmail();
    const created = await server.admin('POST', '/accounts', {
      email,
      password: 'correct horse',
      emailVerified: true,
    });
    const { uid } = (await created.json()) as { uid: string };
    const reserved = await server.admin('PUT', `/accounts/${uid}/claims`, { claims: { sub: 'x' } });
    expect(reserved.status).toBe(400);
    const set = await server.admin('PUT', `/accounts/${uid}/claims`, {
      claims: { role: 'teacher' },
    });
    expect(set.status).toBe(200);
    const signedIn = await server.call('/v1/accounts:signInWithPassword', {
      email,
      password: 'correct horse',
    });
    const { idToken } = (await signedIn.json()) as { idToken: string };
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ role: 'teacher', sub: uid, email_verified: true });
    expect((await server.admin('DELETE', `/accounts/${uid}`)).status).toBe(200);
    expect((await server.admin('DELETE', `/accounts/${uid}`)).status).toBe(400);
  });
});
