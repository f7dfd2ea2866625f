import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  sdkClient,
  startIdentity,
} from '../../testing';
import {
  addProvider,
  type OpenIdProvider,
  REDIRECT_URI,
  signInWithPendingToken,
  startOpenIdProvider,
  tripThroughHandler,
} from '../../testing/federation';
import { signInProviders } from '../db/schema';

let server: IdentityServer;
let provider: OpenIdProvider;

beforeAll(async () => {
  [server, provider] = await Promise.all([
    startIdentity(),
    startOpenIdProvider({
      redirectUris: [REDIRECT_URI],
      claimsInIdToken: true,
      people: { kim: { email: 'kim@school.example', emailVerified: true, name: 'Kim' } },
    }),
  ]);
});
afterEach(deleteSdkClients);
afterAll(async () => {
  await Promise.all([server.close(), provider.close()]);
});

async function put(id: string, body: Record<string, unknown>) {
  const response = await server.admin('PUT', `/providers/${id}`, body);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error: { message: string } },
  };
}

async function check(id: string) {
  const response = await server.admin('POST', `/providers/${id}/check`);
  const { checks } = (await response.json()) as {
    checks: { step: string; ok: boolean; message: string }[];
  };
  return checks;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the providers of the admin API', () => {
  it('keep the client secret sealed, and never show it', async () => {
    const saved = await addProvider(server, provider, { id: 'oidc.school', scopes: ['groups'] });
    expect(saved).not.toHaveProperty('clientSecret');
    expect(saved).toMatchObject({ id: 'oidc.school', issuer: provider.issuer, scopes: ['groups'] });
    const [row] = await server
      .db()
      .select()
      .from(signInProviders)
      .where(eq(signInProviders.id, 'oidc.school'));
    expect(row?.clientSecretSealed).not.toContain(provider.clientSecret);
    expect(row?.clientSecretSealed.split('.')).toHaveLength(5);

    // A change without a secret keeps the one stored.
    const renamed = await put('oidc.school', {
      displayName: 'Our School',
      issuer: provider.issuer,
      clientId: provider.clientId,
    });
    expect(renamed.body.displayName).toBe('Our School');
    const listed = await (await server.admin('GET', '/providers')).json();
    expect(JSON.stringify(listed)).not.toContain(provider.clientSecret);
    expect((await check('oidc.school')).every((step) => step.ok)).toBe(true);
  });

  it('refuse settings that cannot work, each with what is wrong', async () => {
    const base = {
      displayName: 'School',
      issuer: provider.issuer,
      clientId: 'id',
      clientSecret: 's',
    };
    const cases: [string, Record<string, unknown>, string][] = [
      ['oidc.Bad_Id', base, 'id: The id is oidc. followed by lower-case letters'],
      ['oidc.new', { ...base, clientSecret: undefined }, 'clientSecret: Enter the client secret'],
      [
        'oidc.new',
        { ...base, issuer: 'http://idp.school.example' },
        'issuer: a provider is reached over HTTPS',
      ],
      ['oidc.new', { ...base, issuer: 'not a url' }, 'issuer: The issuer is an address'],
      [
        'oidc.new',
        { ...base, allowedDomains: ['school'] },
        'allowedDomains.0: school is not a domain name',
      ],
      ['oidc.new', { ...base, displayName: '' }, 'displayName: Enter the name on the button'],
      ['oidc.new', { ...base, surprise: true }, 'provider: Unrecognized key'],
    ];
    for (const [id, body, message] of cases) {
      const { status, body: answer } = await put(id, body);
      expect(status, id).toBe(400);
      expect(answer.error.message, JSON.stringify(body)).toContain(message);
    }
  });

  it('check says when the provider is down, names itself otherwise, or refuses the client', async () => {
    await put('oidc.down', {
      displayName: 'Down',
      issuer: `http://127.0.0.1:${await closedPort()}`,
      clientId: 'id',
      clientSecret: 'secret',
    });
    const [down] = await check('oidc.down');
    expect(down).toMatchObject({ step: 'discovery', ok: false });
    expect(down?.message).toMatch(/could not be reached: .*ECONNREFUSED/);

    await put('oidc.slash', {
      displayName: 'Slash',
      issuer: `${provider.issuer}/`,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
    });
    const [slash] = await check('oidc.slash');
    expect(slash).toMatchObject({ step: 'discovery', ok: false });
    expect(slash?.message).toContain(
      `calls itself ${provider.issuer}: the issuer must match exactly`,
    );

    await put('oidc.wrongsecret', {
      displayName: 'Wrong secret',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: 'not-the-secret',
    });
    const checks = await check('oidc.wrongsecret');
    expect(checks.map((step) => [step.step, step.ok])).toEqual([
      ['discovery', true],
      ['keys', true],
      ['client', false],
    ]);
    expect(checks[2]?.message).toMatch(/refused the client id or secret \(invalid_client\)/);
  });

  it('a sign-in with a provider down or misconfigured comes back to the app with the reason', async () => {
    const down = await tripThroughHandler(server, { providerId: 'oidc.down', subject: 'kim' });
    expect(down).toMatchObject({ error: 'IDP_UNAVAILABLE', providerId: 'oidc.down' });
    expect(down.message).toMatch(/could not be reached/);

    const wrongSecret = await tripThroughHandler(server, {
      providerId: 'oidc.wrongsecret',
      subject: 'kim',
    });
    expect(wrongSecret).toMatchObject({
      error: 'IDP_MISCONFIGURED',
      message: "The provider refused HackClass's client id or secret (invalid_client)",
    });
  });

  it('removing a provider ends its sessions at their next refresh; the account stays', async () => {
    await addProvider(server, provider, { id: 'oidc.leaving' });
    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.leaving',
      subject: 'kim',
    });
    const auth = sdkClient(server);
    const { user } = await signInWithPendingToken(
      auth,
      'oidc.leaving',
      String(outcome.pendingToken),
    );
    expect((await server.admin('DELETE', '/providers/oidc.leaving')).status).toBe(200);
    expect(await codeOf(user.getIdToken(true))).toBe('auth/user-token-expired');
    const account = await (await server.admin('GET', `/accounts/${user.uid}`)).json();
    expect(account).toMatchObject({ uid: user.uid, email: 'kim@school.example' });
    expect((await server.admin('DELETE', '/providers/oidc.leaving')).status).toBe(400);
  });
});
