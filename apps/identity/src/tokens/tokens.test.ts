import { eq, isNull } from 'drizzle-orm';
import {
  getIdToken,
  reload,
  revokeAccessToken,
  signInWithEmailAndPassword,
  updatePassword,
} from 'firebase/auth';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  jwksVerifier,
  sdkClient,
  signUpWithSdk,
  startIdentity,
  TEST_SCRYPT_PARAMS,
} from '../../testing';
import { schema } from '../db';
import { REFRESH_GRACE_MS } from './refresh-tokens';
import { SIGNING_KEY_BITS } from './signing-keys';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterEach(deleteSdkClients);
afterAll(() => server.close());

const signedUp = (email?: string) => signUpWithSdk(server, email);

const errorOf = async (response: Response) =>
  ((await response.json()) as { error?: { message: string } }).error?.message;

describe('refresh tokens', () => {
  it('rotates on every refresh; the previous token works only within the grace window', async () => {
    const { user } = await signedUp();
    const first = user.refreshToken;
    await getIdToken(user, true);
    const second = user.refreshToken;
    expect(second).not.toBe(first);

    // Another tab still holding `first` refreshes at the same moment: it succeeds.
    const tab = await server.refresh(first);
    expect(tab.status).toBe(200);
    expect(await tab.json()).toMatchObject({ token_type: 'Bearer', expires_in: '3600' });

    server.clock.advance(REFRESH_GRACE_MS + 1_000);
    expect(await errorOf(await server.refresh(first))).toBe('TOKEN_EXPIRED');
    // Reuse after the window revokes the whole family, the current token included.
    expect(await codeOf(getIdToken(user, true))).toBe('auth/user-token-expired');
  });

  it('keeps auth_time across refreshes and refuses made-up tokens', async () => {
    const { user } = await signedUp();
    const before = await jwksVerifier(server).verify(await getIdToken(user));
    server.clock.advance(2_000);
    const after = await jwksVerifier(server).verify(await getIdToken(user, true));
    expect(after.authTime).toBe(before.authTime);
    expect(after.issuedAt).toBeGreaterThan(before.issuedAt);
    expect(await errorOf(await server.refresh('made-up'))).toBe('INVALID_REFRESH_TOKEN');
  });

  it('revokeToken ends the session of the refresh token given', async () => {
    const { auth, user, email } = await signedUp();
    const other = await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    await revokeAccessToken(auth, user.refreshToken);
    expect(await codeOf(getIdToken(user, true))).toBe('auth/user-token-expired');
    expect(await codeOf(getIdToken(other.user, true))).toBe('resolved');
  });
});

describe('token answers', () => {
  it('may be kept by no cache: sign-up, sign-in, update and refresh', async () => {
    const email = `no-store-${Date.now()}@example.org`;
    const password = 'correct horse';
    const signUp = await server.call('/v1/accounts:signUp', {
      email,
      password,
      returnSecureToken: true,
    });
    const signIn = await server.call('/v1/accounts:signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    });
    const { idToken, refreshToken } = (await signIn.json()) as Record<string, string>;
    const update = await server.call('/v1/accounts:update', {
      idToken,
      displayName: 'Ada',
      returnSecureToken: true,
    });
    const refresh = await server.refresh(refreshToken ?? '');
    for (const answer of [signUp, signIn, update, refresh]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('pragma')).toBe('no-cache');
    }
  });
});

describe('ID tokens after a password change', () => {
  it('are refused when issued earlier in the same second, and accepted when issued after', async () => {
    const { user, email } = await signedUp();
    server.clock.freezeMidSecond();
    try {
      const other = await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
      await updatePassword(user, 'another horse');
      expect(await codeOf(reload(other.user))).toBe('auth/user-token-expired');
      expect(await codeOf(reload(user))).toBe('resolved');
      expect((await jwksVerifier(server).verify(await getIdToken(user))).uid).toBe(user.uid);
    } finally {
      server.clock.unfreeze();
    }
  });
});

describe('signing keys', () => {
  it('survive a restart: tokens from before still verify, and new ones use the same key', async () => {
    const { user } = await signedUp();
    const token = await getIdToken(user);
    await server.restart();
    expect((await jwksVerifier(server).verify(token)).uid).toBe(user.uid);
    const after = await signInWithEmailAndPassword(
      sdkClient(server),
      user.email ?? '',
      'correct horse',
    );
    const kid = (token: string) => JSON.parse(atob(token.split('.')[0] ?? '')).kid;
    expect(kid(await getIdToken(after.user))).toBe(kid(token));
  });

  it('rotate without breaking live tokens: the retired key stays published', async () => {
    const { user, email } = await signedUp();
    const oldToken = await getIdToken(user);
    const rotated = await server.admin('POST', '/signing-keys/rotate');
    const { kid } = (await rotated.json()) as { kid: string };

    const fresh = await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    const newToken = await getIdToken(fresh.user);
    expect(JSON.parse(atob(newToken.split('.')[0] ?? '')).kid).toBe(kid);
    const verifier = jwksVerifier(server);
    expect((await verifier.verify(oldToken)).uid).toBe(user.uid);
    expect((await verifier.verify(newToken)).uid).toBe(user.uid);
    // The identity service itself still accepts the old token, too.
    expect(await codeOf(getIdToken(user))).toBe('resolved');
    const jwks = (await (await fetch(`${server.origin}/.well-known/jwks.json`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(2);
  });

  it('are sealed in the database: no row holds a private key in plain', async () => {
    await server.admin('POST', '/signing-keys/rotate');
    const rows = await server.db().select().from(schema.signingKeys);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateJwk).toBeNull();
      expect(decodeProtectedHeader(row.sealedPrivateJwk ?? '')).toMatchObject({
        alg: 'dir',
        enc: 'A256GCM',
        key: row.kid,
      });
      expect(JSON.stringify(row)).not.toMatch(/"(d|p|q|dp|dq|qi)":/);
    }
  });

  it('stored in plain by an earlier version are sealed at start, and keep signing', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', {
      modulusLength: SIGNING_KEY_BITS,
      extractable: true,
    });
    const kid = 'plain-key-from-before';
    const marks = { kid, alg: 'RS256', use: 'sig' };
    await server
      .db()
      .update(schema.signingKeys)
      .set({ retiredAt: server.clock.now() })
      .where(isNull(schema.signingKeys.retiredAt));
    await server
      .db()
      .insert(schema.signingKeys)
      .values({
        kid,
        privateJwk: { ...(await exportJWK(privateKey)), ...marks },
        publicJwk: { ...(await exportJWK(publicKey)), ...marks },
        createdAt: server.clock.now(),
      });

    await server.restart();
    const row = await server.db().query.signingKeys.findFirst({
      where: eq(schema.signingKeys.kid, kid),
    });
    expect(row?.privateJwk).toBeNull();
    expect(row?.sealedPrivateJwk).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const { user } = await signedUp();
    const token = await getIdToken(user);
    expect(decodeProtectedHeader(token).kid).toBe(kid);
    expect((await jwksVerifier(server).verify(token)).uid).toBe(user.uid);
  });

  it('sealed with another secret stop the start with the variable to set', async () => {
    const secret = server.keySecret();
    await expect(
      server.restart({ keySecret: 'another secret, at least 32 characters' }),
    ).rejects.toThrow(
      /sealed with another secret: set IDENTITY_KEY_SECRET to the same value on every identity replica/,
    );
    await server.restart({ keySecret: secret });
    const { user } = await signedUp();
    expect((await jwksVerifier(server).verify(await getIdToken(user))).uid).toBe(user.uid);
  });
});

describe('password hashes', () => {
  it('are re-hashed at sign-in when the stored parameters are below the current ones', async () => {
    const { email, user } = await signedUp();
    const stored = async () =>
      (await server.db().query.accounts.findFirst({ where: eq(schema.accounts.uid, user.uid) }))
        ?.passwordHash;
    expect(await stored()).toMatch(/^scrypt\$4096\$8\$1\$/);
    const raised = { ...TEST_SCRYPT_PARAMS, N: TEST_SCRYPT_PARAMS.N * 2 };
    await server.restart({ passwordParams: raised });
    await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    expect(await stored()).toMatch(/^scrypt\$8192\$8\$1\$/);
    await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
  });
});
