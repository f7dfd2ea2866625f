import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteSdkClients, type IdentityServer, startIdentity } from '../../testing';
import {
  addProvider,
  type OpenIdProvider,
  REDIRECT_URI,
  signInAtProvider,
  signInWithPendingToken,
  startOpenIdProvider,
  tripThroughHandler,
} from '../../testing/federation';
import { sdkClient } from '../../testing/sdk';
import { accounts } from '../db/schema';

let server: IdentityServer;
let provider: OpenIdProvider;

beforeAll(async () => {
  [server, provider] = await Promise.all([
    startIdentity(),
    startOpenIdProvider({
      redirectUris: [REDIRECT_URI],
      claimsInIdToken: true,
      people: {
        alan: { email: 'alan@bletchley.example', emailVerified: true, name: 'Alan' },
        joan: { email: 'joan@bletchley.example', emailVerified: true, name: 'Joan' },
      },
    }),
  ]);
  await addProvider(server, provider, { id: 'oidc.bletchley' });
});
afterEach(deleteSdkClients);
afterAll(async () => {
  await Promise.all([server.close(), provider.close()]);
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { message: string } };
}

async function call(path: string, body: unknown): Promise<Answer> {
  const response = await server.call(path, body);
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function createAuthUri(providerId = 'oidc.bletchley', continueUri = REDIRECT_URI) {
  return call('/v1/accounts:createAuthUri', { providerId, continueUri });
}

async function started(providerId = 'oidc.bletchley') {
  const { body } = await createAuthUri(providerId);
  return { authUri: new URL(String(body.authUri)), sessionId: String(body.sessionId) };
}

const signInWithIdp = (body: Record<string, unknown>) =>
  call('/v1/accounts:signInWithIdp', { returnSecureToken: true, ...body });

describe('createAuthUri', () => {
  it('starts the authorization code flow with PKCE (S256), state and nonce, to the exact redirect URI', async () => {
    const { authUri, sessionId } = await started();
    const params = Object.fromEntries(authUri.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    expect(authUri.origin).toBe(provider.issuer);
  });

  it('refuses another continue URI, an unknown provider and one that is off', async () => {
    expect(
      (await createAuthUri('oidc.bletchley', 'https://evil.example/cb')).body.error?.message,
    ).toMatch(/^INVALID_CONTINUE_URI/);
    expect((await createAuthUri('oidc.nowhere')).body.error?.message).toBe(
      'INVALID_PROVIDER_ID : No provider is called oidc.nowhere',
    );
    await addProvider(server, provider, { id: 'oidc.off', enabled: false });
    expect((await createAuthUri('oidc.off')).body.error?.message).toBe(
      'OPERATION_NOT_ALLOWED : Sign-in with Springfield School is off',
    );
  });

  it('answers an address alone without telling whether it has an account', async () => {
    const { status, body } = await call('/v1/accounts:createAuthUri', {
      identifier: 'alan@bletchley.example',
      continueUri: 'http://localhost:5173/',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ kind: 'identitytoolkit#CreateAuthUriResponse' });
  });
});

describe('signInWithIdp with the provider’s answer', () => {
  it('redeems the code with the verifier and signs in; the same answer a second time is refused', async () => {
    const { authUri, sessionId } = await started();
    const requestUri = await signInAtProvider(authUri.href, 'alan');
    expect(requestUri.startsWith(`${REDIRECT_URI}?`)).toBe(true);

    const first = await signInWithIdp({ requestUri, sessionId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      kind: 'identitytoolkit#VerifyAssertionResponse',
      providerId: 'oidc.bletchley',
      federatedId: 'alan',
      email: 'alan@bletchley.example',
      emailVerified: true,
      isNewUser: true,
      expiresIn: '3600',
    });
    expect(typeof first.body.idToken).toBe('string');

    const replay = await signInWithIdp({ requestUri, sessionId });
    expect(replay.body.error?.message).toBe(
      'INVALID_IDP_RESPONSE : This sign-in has already been answered: start again',
    );
  });

  it('binds the code to the PKCE verifier: redeemed without it, the provider refuses it', async () => {
    const { authUri } = await started();
    const code = new URL(await signInAtProvider(authUri.href, 'joan')).searchParams.get('code');
    const response = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${provider.clientId}:${provider.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: String(code),
        redirect_uri: REDIRECT_URI,
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error?: string }).error).toBe('invalid_grant');
  });

  it('refuses an answer whose state, session or redirect URI is not the trip’s', async () => {
    const { authUri, sessionId } = await started();
    const requestUri = new URL(await signInAtProvider(authUri.href, 'joan'));

    const forged = new URL(requestUri);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect((await signInWithIdp({ requestUri: forged.href, sessionId })).body.error?.message).toBe(
      'INVALID_IDP_RESPONSE : The answer does not belong to this sign-in (state)',
    );

    const elsewhere = new URL(requestUri);
    elsewhere.pathname = '/__/auth/handler/';
    expect(
      (await signInWithIdp({ requestUri: elsewhere.href, sessionId })).body.error?.message,
    ).toBe('INVALID_IDP_RESPONSE : The answer came back to another address than the redirect URI');

    const other = await started();
    expect(
      (await signInWithIdp({ requestUri: requestUri.href, sessionId: other.sessionId })).body.error
        ?.message,
    ).toBe('INVALID_IDP_RESPONSE : The answer does not belong to this sign-in (state)');

    // The trip itself is still open: its own answer goes through.
    expect((await signInWithIdp({ requestUri: requestUri.href, sessionId })).status).toBe(200);
  });

  it('takes no ID token the app got by itself, and no pending token twice', async () => {
    expect(
      (
        await signInWithIdp({
          requestUri: 'http://localhost',
          postBody: 'id_token=abc&providerId=oidc.bletchley',
        })
      ).body.error?.message,
    ).toMatch(/^OPERATION_NOT_ALLOWED/);

    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.bletchley',
      subject: 'joan',
    });
    const pendingToken = String(outcome.pendingToken);
    expect((await signInWithIdp({ requestUri: 'http://localhost', pendingToken })).status).toBe(
      200,
    );
    expect(
      (await signInWithIdp({ requestUri: 'http://localhost', pendingToken })).body.error?.message,
    ).toBe('INVALID_PENDING_TOKEN : This sign-in has expired or was used: start again');
  });

  it('follows the provider’s key rotation', async () => {
    const before = await tripThroughHandler(server, {
      providerId: 'oidc.bletchley',
      subject: 'alan',
    });
    expect(before.pendingToken).toBeDefined();
    await provider.rotateKeys();
    const after = await tripThroughHandler(server, {
      providerId: 'oidc.bletchley',
      subject: 'alan',
    });
    const { user } = await signInWithPendingToken(
      sdkClient(server),
      'oidc.bletchley',
      String(after.pendingToken),
    );
    expect(user.email).toBe('alan@bletchley.example');
  });

  it('refuses a trip answered in another browser (no trip cookie)', async () => {
    const start = new URL('/__/auth/handler', server.origin);
    start.search = new URLSearchParams({
      apiKey: 'test-api-key-123',
      providerId: 'oidc.bletchley',
      redirectUrl: 'http://localhost:5173/sso',
      eventId: 'e',
    }).toString();
    const toProvider = (await fetch(start, { redirect: 'manual' })).headers.get('location');
    const answer = new URL(await signInAtProvider(String(toProvider), 'alan'));
    const back = await fetch(new URL(`${answer.pathname}${answer.search}`, server.origin), {
      redirect: 'manual',
    });
    const outcome = new URLSearchParams(
      new URL(String(back.headers.get('location'))).hash.slice(1),
    );
    expect(Object.fromEntries(outcome)).toEqual({
      eventId: 'e',
      providerId: 'oidc.bletchley',
      error: 'INVALID_IDP_RESPONSE',
      message: 'This sign-in was started in another browser, or has already been used: start again',
    });
  });

  it('sends the handler’s outcome only to an address of the app', async () => {
    const start = new URL('/__/auth/handler', server.origin);
    start.search = new URLSearchParams({
      apiKey: 'test-api-key-123',
      providerId: 'oidc.bletchley',
      redirectUrl: 'https://evil.example/steal',
      eventId: 'e',
    }).toString();
    const response = await fetch(start, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/not valid/);

    // An answer with its parameters repeated belongs to no trip: back to the log-in page.
    const doubled = await fetch(new URL('/__/auth/handler?state=a&state=b&code=c', server.origin), {
      redirect: 'manual',
    });
    expect(doubled.status).toBe(303);
    expect(doubled.headers.get('location')).toMatch(
      /^http:\/\/localhost:5173\/login#eventId=&providerId=&error=INVALID_IDP_RESPONSE/,
    );
  });
});

/**
 * A provider that signs what a test tells it to: the ID tokens a real provider never makes
 * (unsigned, signed with its public key as an HMAC secret, for someone else, expired…).
 */
async function startRogueProvider() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = {
    ...(await exportJWK(publicKey)),
    kid: 'rogue-1',
    alg: 'RS256',
    use: 'sig',
  };
  let mint: (nonce: string) => Promise<string> = async () => '';
  let nonce = '';
  const httpServer: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') {
      return send({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'],
      });
    }
    if (path === '/jwks') return send({ keys: [publicJwk] });
    if (path === '/token') {
      void mint(nonce).then((idToken) =>
        send({ id_token: idToken, access_token: 'at', token_type: 'Bearer' }),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const claims = (tokenNonce: string) => ({
    sub: 'rogue-subject',
    email: 'victim@rogue.example',
    email_verified: true,
    nonce: tokenNonce,
  });
  const signed = (tokenNonce: string, changes: Record<string, unknown> = {}) =>
    new SignJWT({ ...claims(tokenNonce), ...changes })
      .setProtectedHeader({ alg: 'RS256', kid: 'rogue-1' })
      .setIssuer(String(changes.iss ?? issuer))
      .setAudience(String(changes.aud ?? 'rogue-client'))
      .setIssuedAt(Number(changes.iat ?? Math.floor(Date.now() / 1000)))
      .setExpirationTime(Number(changes.exp ?? Math.floor(Date.now() / 1000) + 300))
      .sign(privateKey);
  return {
    issuer,
    publicJwk,
    privateKey,
    claims,
    signed,
    /** What the token endpoint answers next, given the trip's nonce. */
    answerWith(next: (tripNonce: string) => Promise<string>) {
      mint = next;
    },
    setNonce(value: string) {
      nonce = value;
    },
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

describe('ID tokens a provider must never get past', () => {
  let rogue: Awaited<ReturnType<typeof startRogueProvider>>;
  beforeAll(async () => {
    rogue = await startRogueProvider();
    const response = await server.admin('PUT', '/providers/oidc.rogue', {
      displayName: 'Rogue',
      issuer: rogue.issuer,
      clientId: 'rogue-client',
      clientSecret: 'rogue-secret',
    });
    expect(response.status).toBe(200);
  });
  afterAll(() => rogue.close());

  async function tryToken(mint: (nonce: string) => Promise<string>) {
    const { authUri, sessionId } = await started('oidc.rogue');
    rogue.setNonce(String(authUri.searchParams.get('nonce')));
    rogue.answerWith(mint);
    const requestUri = `${REDIRECT_URI}?code=abc&state=${authUri.searchParams.get('state')}`;
    return (await signInWithIdp({ requestUri, sessionId })).body;
  }

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, (nonce: string) => Promise<string>, RegExp][] = [
    [
      'unsigned (alg none)',
      async (nonce) =>
        new UnsecuredJWT({
          ...rogue.claims(nonce),
          iss: rogue.issuer,
          aud: 'rogue-client',
          iat: now(),
          exp: now() + 300,
        }).encode(),
      /ERR_JOSE_ALG_NOT_ALLOWED|JWSInvalid|ERR_JWS_INVALID/,
    ],
    [
      'HS256 with the public key as its secret',
      async (nonce) =>
        new SignJWT({ ...rogue.claims(nonce) })
          .setProtectedHeader({ alg: 'HS256', kid: 'rogue-1' })
          .setIssuer(rogue.issuer)
          .setAudience('rogue-client')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(JSON.stringify(rogue.publicJwk))),
      /ERR_JOSE_ALG_NOT_ALLOWED/,
    ],
    [
      'another issuer',
      (nonce) => rogue.signed(nonce, { iss: 'https://accounts.google.com' }),
      /ERR_JWT_CLAIM_VALIDATION_FAILED.*iss/,
    ],
    [
      'another audience',
      (nonce) => rogue.signed(nonce, { aud: 'someone-else' }),
      /ERR_JWT_CLAIM_VALIDATION_FAILED.*aud/,
    ],
    [
      'expired beyond the allowed skew',
      (nonce) => rogue.signed(nonce, { iat: now() - 600, exp: now() - 120 }),
      /ERR_JWT_EXPIRED/,
    ],
    [
      'issued in the future',
      (nonce) => rogue.signed(nonce, { iat: now() + 600, exp: now() + 900 }),
      /issued in the future/,
    ],
    ['another sign-in’s nonce', () => rogue.signed('not-the-nonce'), /^MISSING_OR_INVALID_NONCE/],
    [
      'a key the provider does not publish',
      async (nonce) => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(rogue.claims(nonce))
          .setProtectedHeader({ alg: 'RS256', kid: 'rogue-1' })
          .setIssuer(rogue.issuer)
          .setAudience('rogue-client')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
      },
      /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/,
    ],
  ];

  it.each(cases)('refuses one %s, and makes no account', async (_name, mint, message) => {
    const answer = await tryToken(mint);
    expect(answer.error?.message).toMatch(/^(INVALID_IDP_RESPONSE|MISSING_OR_INVALID_NONCE)/);
    expect(answer.error?.message).toMatch(message);
    const made = await server
      .db()
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'victim@rogue.example'));
    expect(made).toEqual([]);
  });

  it('accepts a token within the clock skew, as the control for the cases above', async () => {
    const answer = await tryToken((nonce) => rogue.signed(nonce, { iat: now() + 30 }));
    expect(answer).toMatchObject({ email: 'victim@rogue.example', isNewUser: true });
  });
});
