import type { Me, SignInProvider } from '@hackclass/contracts';
import {
  type OpenIdProvider,
  startOpenIdProvider,
  tripThroughHandler,
} from '@hackclass/identity/testing/federation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  type Person,
  signedInAs,
  startApiServer,
  TEST_API_KEY,
  TEST_PASSWORD,
} from '../../../test/support';

/** Signs `subject` in at the provider and then at the identity service: their ID token. */
async function signInThrough(server: ApiServer, providerId: string, subject: string) {
  const outcome = await tripThroughHandler(server, {
    providerId,
    subject,
    publicUrl: server.publicUrl,
    apiKey: TEST_API_KEY,
  });
  if (!outcome.pendingToken) throw new Error(`${subject}: ${JSON.stringify(outcome)}`);
  const response = await fetch(
    `${server.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${TEST_API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        pendingToken: outcome.pendingToken,
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`${subject}: ${JSON.stringify(body)}`);
  return body.idToken;
}

const people = {
  ada: { email: 'ada@springfield.edu', emailVerified: true, name: 'Ada Lovelace' },
  grace: {
    email: 'grace@springfield.edu',
    emailVerified: true,
    name: 'Grace',
    groups: ['teachers'],
  },
  alan: { email: 'alan@springfield.edu', emailVerified: true, name: 'Alan', groups: ['teachers'] },
};

async function schoolProvider(server: ApiServer) {
  return startOpenIdProvider({
    redirectUris: [`${server.publicUrl}/__/auth/handler`],
    claimsInIdToken: true,
    people,
  });
}

function settingsOf(provider: OpenIdProvider) {
  return {
    displayName: 'Springfield School',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: ['groups'],
    allowedDomains: ['springfield.edu'],
    teacherClaim: 'groups',
    teacherClaimValues: ['teachers'],
  };
}

describe('sign-in providers through the API', () => {
  let server: ApiServer;
  let provider: OpenIdProvider;
  let admin: Person;
  beforeAll(async () => {
    server = await startApiServer({ adminEmails: 'ada@springfield.edu' });
    provider = await schoolProvider(server);
    admin = await signedInAs(server, 'admin');
  });
  afterAll(async () => {
    await provider.close();
    await server.close();
  });

  it('lets an admin add a provider, whose button the sign-in page then shows', async () => {
    const anonymous = apiSession(server);
    expect((await anonymous.call('GET', '/auth/providers')).json()).toEqual({ providers: [] });

    const saved = await admin.session.call(
      'PUT',
      '/admin/sign-in-providers/oidc.springfield',
      settingsOf(provider),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.json<SignInProvider>()).not.toHaveProperty('clientSecret');
    expect((await anonymous.call('GET', '/auth/providers')).json()).toEqual({
      providers: [{ id: 'oidc.springfield', displayName: 'Springfield School' }],
    });
    const checks = await admin.session.call(
      'POST',
      '/admin/sign-in-providers/oidc.springfield/check',
    );
    expect(checks.json<{ checks: { ok: boolean }[] }>().checks.map((check) => check.ok)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('refuses settings that cannot work, and anyone but an admin', async () => {
    const bad = await admin.session.call('PUT', '/admin/sign-in-providers/oidc.springfield', {
      ...settingsOf(provider),
      issuer: 'ftp://school',
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    const notHttps = await admin.session.call('PUT', '/admin/sign-in-providers/oidc.remote', {
      ...settingsOf(provider),
      issuer: 'http://idp.school.example',
    });
    expect(notHttps.status).toBe(400);
    expect(notHttps.json()).toMatchObject({
      code: 'bad_request',
      detail: 'issuer: a provider is reached over HTTPS (plain HTTP only on this machine)',
    });

    const teacher = await signedInAs(server, 'teacher');
    for (const [method, path] of [
      ['GET', '/admin/sign-in-providers'],
      ['PUT', '/admin/sign-in-providers/oidc.springfield'],
      ['DELETE', '/admin/sign-in-providers/oidc.springfield'],
      ['POST', '/admin/sign-in-providers/oidc.springfield/check'],
    ] as const) {
      const answer = await teacher.session.call(
        method,
        path,
        method === 'PUT' ? settingsOf(provider) : undefined,
      );
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it('makes a student of someone the rules do not name, with no role left to choose', async () => {
    const session = apiSession(server, await signInThrough(server, 'oidc.springfield', 'ada'));
    const me = (await session.call('GET', '/users/me')).json<Me>();
    // ADMIN_EMAILS still makes admins, for a verified address.
    expect(me).toMatchObject({ email: 'ada@springfield.edu', roleId: 3, emailVerified: true });
    const choice = await session.call('POST', '/users/me/sign-up-role', { roleId: 2 });
    expect(choice.json()).toMatchObject({ code: 'sign_up_role_chosen' });
  });

  it('makes a teacher of a member of the teachers group', async () => {
    const session = apiSession(server, await signInThrough(server, 'oidc.springfield', 'grace'));
    expect((await session.call('GET', '/users/me')).json<Me>()).toMatchObject({
      roleId: 2,
      awaitingTeacherApproval: false,
      displayName: 'Grace',
    });
  });

  it('refuses a password account for a domain kept to school accounts', async () => {
    await admin.session.call('PUT', '/admin/sign-in-providers/oidc.springfield', {
      ...settingsOf(provider),
      clientSecret: undefined,
      schoolAccountsOnly: true,
    });
    const refused = await apiSession(server).call('POST', '/auth/register', {
      email: 'newcomer@springfield.edu',
      password: TEST_PASSWORD,
      displayName: 'Newcomer',
      roleId: 1,
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'school_accounts_only',
      detail: 'Accounts of springfield.edu sign in with Springfield School',
    });
  });

  it('removes a provider, and its button goes', async () => {
    const removed = await admin.session.call('DELETE', '/admin/sign-in-providers/oidc.springfield');
    expect(removed.status).toBe(204);
    expect((await apiSession(server).call('GET', '/auth/providers')).json()).toEqual({
      providers: [],
    });
    const again = await admin.session.call('DELETE', '/admin/sign-in-providers/oidc.springfield');
    expect(again.status).toBe(404);
  });
});

describe('a teacher by a provider’s rules, where admins approve teachers', () => {
  let server: ApiServer;
  let provider: OpenIdProvider;
  beforeAll(async () => {
    server = await startApiServer({ teacherApproval: true });
    provider = await schoolProvider(server);
    const admin = await signedInAs(server, 'admin');
    await admin.session.call(
      'PUT',
      '/admin/sign-in-providers/oidc.springfield',
      settingsOf(provider),
    );
  });
  afterAll(async () => {
    await provider.close();
    await server.close();
  });

  it('is a student awaiting approval', async () => {
    const session = apiSession(server, await signInThrough(server, 'oidc.springfield', 'alan'));
    expect((await session.call('GET', '/users/me')).json<Me>()).toMatchObject({
      roleId: 1,
      awaitingTeacherApproval: true,
    });
  });
});
