// The all-in-one with accounts in a Firebase project: Google-style ID tokens signed by a local
// key set, served over HTTP at the configured JWKS URL in place of Google's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { ROLE, runtimeConfigSchema } from '@hackclass/contracts';
import { type Connection, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import {
  claims,
  createSigningKey,
  type JwksServer,
  PROJECT_ID,
  type SigningKey,
  signToken,
  startJwksServer,
} from '@hackclass/id-token/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSchemas } from '../testing';
import { buildServer } from './server';

let database: TestDatabase;
let connection: Connection;
let app: FastifyInstance;
let jwks: JwksServer;
let key: SigningKey;

const FIREBASE = {
  apiKey: 'AIzaSyLocal-test-key_123',
  authDomain: `${PROJECT_ID}.firebaseapp.com`,
  projectId: PROJECT_ID,
};

/** A token as Google issues them for the project, fresh now. */
function googleToken(uid: string, email: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signToken(
    key,
    claims({
      sub: uid,
      user_id: uid,
      email,
      name: uid,
      iat: now - 10,
      exp: now + 3600,
      auth_time: now - 10,
      ...overrides,
    }),
  );
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: object) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (method !== 'GET') {
    const issued = await app.inject({
      method: 'POST',
      url: '/api/auth/antiforgery/token',
      headers,
    });
    const cookie = issued.cookies[0];
    headers.cookie = `${cookie?.name}=${cookie?.value}`;
    headers['x-xsrf-token'] = issued.json<{ token: string }>().token;
  }
  return app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
}

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  key = await createSigningKey('google-key-1');
  jwks = await startJwksServer([key.publicJwk]);
  const webRoot = mkdtempSync(join(tmpdir(), 'hackclass-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>HackClass</title>');
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'https://class.example.org',
    FIREBASE_API_KEY: FIREBASE.apiKey,
    FIREBASE_AUTH_DOMAIN: FIREBASE.authDomain,
    FIREBASE_PROJECT_ID: FIREBASE.projectId,
    IDENTITY_JWKS_URL: jwks.url,
    ADMIN_EMAILS: 'admin@school.test',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  connection = await openConnection(config);
  app = await buildServer({ config, connection, logger: createLogger('silent') }, { webRoot });
});

afterAll(async () => {
  await app?.close();
  await jwks?.close();
  await database?.drop();
});

describe('the all-in-one with a Firebase project', () => {
  it('hands the web app the project’s settings and no emulator origin', async () => {
    const response = await app.inject('/config.json');
    const config = runtimeConfigSchema.parse(response.json());
    expect(config.identity).toEqual(FIREBASE);
    expect(response.json().identity).not.toHaveProperty('emulatorOrigin');
  });

  it('lets pages call Google’s identity endpoints and the auth domain, not itself', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.headers['content-security-policy']).toContain(
      `connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://${FIREBASE.authDomain};`,
    );
  });

  it('serves none of the built-in identity service', async () => {
    const requests = [
      {
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${FIREBASE.apiKey}`,
      },
      { method: 'POST', url: `/securetoken.googleapis.com/v1/token?key=${FIREBASE.apiKey}` },
      { method: 'GET', url: '/.well-known/jwks.json' },
      { method: 'GET', url: '/identity/admin/v1/account-events?after=0' },
    ] as const;
    for (const request of requests) {
      const response = await app.inject({
        ...request,
        payload: request.method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, request.url).toBe(404);
    }
  });

  it('accepts a Google-issued token for the project and makes its product user', async () => {
    const response = await call(
      'GET',
      '/api/users/me',
      await googleToken('fb-ada', 'ada@school.test'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'ada@school.test', roleId: ROLE.student });
    expect(jwks.requests).toBe(1);
  });

  it('refuses tokens of another project, another issuer, expired or signed by an unknown key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stranger = await createSigningKey('not-google');
    const refused = [
      await googleToken('fb-ada', 'ada@school.test', { aud: 'another-project' }),
      await googleToken('fb-ada', 'ada@school.test', {
        iss: 'https://securetoken.google.com/another-project',
      }),
      await googleToken('fb-ada', 'ada@school.test', { iat: now - 7200, exp: now - 3600 }),
      await signToken(stranger, claims({ iat: now - 10, exp: now + 3600, auth_time: now - 10 })),
    ];
    for (const token of refused) {
      const response = await call('GET', '/api/users/me', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_token' });
    }
  });

  it('refuses a verified admin email from any sign-in provider but FIREBASE_SIGN_IN_PROVIDERS (password)', async () => {
    for (const provider of ['google.com', 'anonymous', 'custom']) {
      const token = await googleToken('fb-other-admin', 'admin@school.test', {
        firebase: { identities: {}, sign_in_provider: provider },
      });
      const response = await call('GET', '/api/users/me', token);
      expect(response.statusCode, provider).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_token' });
    }
    const password = await googleToken('fb-admin', 'admin@school.test');
    expect((await call('GET', '/api/users/me', password)).json()).toMatchObject({
      roleId: ROLE.admin,
    });
  });

  it('refuses a token issued over FIREBASE_MAX_TOKEN_AGE_MINUTES (10) ago, an hour before its exp', async () => {
    const issuedAgo = (minutes: number) => {
      const iat = Math.floor(Date.now() / 1000) - minutes * 60;
      return googleToken('fb-erin', 'erin@school.test', { iat, exp: iat + 3600 });
    };
    expect((await call('GET', '/api/users/me', await issuedAgo(9))).statusCode).toBe(200);
    const stale = await call('GET', '/api/users/me', await issuedAgo(11));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('refuses sign-up through the API: accounts are made at Firebase', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await antiforgeryHeaders(),
      payload: {
        email: 'new@school.test',
        password: 'a long pass phrase',
        displayName: 'New',
        roleId: ROLE.student,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'accounts_in_firebase' });
  });

  it('lets a newcomer choose teacher once, right after Firebase made their account', async () => {
    const dora = await googleToken('fb-dora', 'dora@school.test', { email_verified: false });
    const chosen = await call('POST', '/api/users/me/sign-up-role', dora, {
      roleId: ROLE.teacher,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ email: 'dora@school.test', roleId: ROLE.teacher });
    const again = await call('POST', '/api/users/me/sign-up-role', dora, {
      roleId: ROLE.student,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'sign_up_role_chosen' });
    expect((await call('GET', '/api/users/me', dora)).json()).toMatchObject({
      roleId: ROLE.teacher,
    });
  });

  it('lets an admin disable a user: HackClass refuses them while their Firebase account stays', async () => {
    const bob = await googleToken('fb-bob', 'bob@school.test');
    const { id } = (await call('GET', '/api/users/me', bob)).json<{ id: string }>();
    const admin = await googleToken('fb-admin', 'admin@school.test');
    const disabled = await call('POST', `/api/users/${id}/disable`, admin);
    expect(disabled.statusCode).toBe(200);
    const refused = await call('GET', '/api/users/me', bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_disabled' });
    expect((await call('POST', `/api/users/${id}/enable`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', bob)).statusCode).toBe(200);
  });

  it('deletes a user’s HackClass account at their request', async () => {
    const carol = await googleToken('fb-carol', 'carol@school.test');
    expect((await call('GET', '/api/users/me', carol)).statusCode).toBe(200);
    const deleted = await call('DELETE', '/api/users/me', carol, { email: 'carol@school.test' });
    expect(deleted.statusCode).toBe(204);
    const again = await call('GET', '/api/users/me', carol);
    expect(again.statusCode).toBe(401);
  });
});

async function antiforgeryHeaders(): Promise<Record<string, string>> {
  const issued = await app.inject({ method: 'POST', url: '/api/auth/antiforgery/token' });
  const cookie = issued.cookies[0];
  return {
    cookie: `${cookie?.name}=${cookie?.value}`,
    'x-xsrf-token': issued.json<{ token: string }>().token,
  };
}
