import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportSPKI, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base64url,
  claims,
  createSigningKey,
  ISSUER,
  type JwksServer,
  NOW,
  NOW_MS,
  PROJECT_ID,
  type SigningKey,
  signToken,
  startJwksServer,
} from '../testing/issuer';
import { IdTokenError, type IdTokenErrorReason } from './errors.js';
import { createIdTokenVerifier, type IdTokenVerifier } from './verifier.js';

let key: SigningKey;
let impostor: SigningKey;
let server: JwksServer;
let verifier: IdTokenVerifier;

beforeAll(async () => {
  key = await createSigningKey('key-1');
  impostor = await createSigningKey('key-1');
  server = await startJwksServer([key.publicJwk]);
  verifier = createIdTokenVerifier({ projectId: PROJECT_ID, keys: server.url, now: () => NOW_MS });
});

afterAll(() => server.close());

async function rejection(token: string, by = verifier): Promise<IdTokenError> {
  const outcome = await by.verify(token).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(IdTokenError);
  return outcome as IdTokenError;
}

describe('a valid token', () => {
  it('verifies against a remote JWKS and exposes every field', async () => {
    const token = await signToken(key, claims({ role: 'teacher' }));

    await expect(verifier.verify(token)).resolves.toEqual({
      uid: 'uid-ada',
      email: 'ada@example.test',
      emailVerified: true,
      name: 'Ada Lovelace',
      picture: 'https://example.test/ada.png',
      authTime: NOW - 600,
      issuedAt: NOW - 60,
      expiresAt: NOW + 3540,
      signInProvider: 'password',
      claims: claims({ role: 'teacher' }),
    });
  });

  it('verifies against a local key resolver, with optional profile claims absent', async () => {
    const local = createIdTokenVerifier({
      projectId: PROJECT_ID,
      keys: createLocalJWKSet({ keys: [key.publicJwk] }),
      now: () => NOW_MS,
    });
    const token = await signToken(
      key,
      claims({ email: undefined, email_verified: undefined, name: undefined, picture: undefined }),
    );

    await expect(local.verify(token)).resolves.toMatchObject({
      uid: 'uid-ada',
      email: undefined,
      emailVerified: false,
      name: undefined,
      picture: undefined,
    });
  });

  it('accepts a configured issuer and then refuses the default one', async () => {
    const issuer = 'https://id.hackclass.test';
    const custom = createIdTokenVerifier({
      projectId: PROJECT_ID,
      keys: createLocalJWKSet({ keys: [key.publicJwk] }),
      issuer,
      now: () => NOW_MS,
    });

    await expect(
      custom.verify(await signToken(key, claims({ iss: issuer }))),
    ).resolves.toBeDefined();
    expect((await rejection(await signToken(key), custom)).reason).toBe('wrong_issuer');
  });

  it('accepts a uid of exactly 128 characters', async () => {
    const token = await signToken(key, claims({ sub: 'u'.repeat(128) }));
    await expect(verifier.verify(token)).resolves.toMatchObject({ uid: 'u'.repeat(128) });
  });
});

describe('rejections', () => {
  const signed = (overrides: JWTPayload, header?: Record<string, unknown>) => () =>
    signToken(key, claims(overrides), header);
  const threeParts = () => [1, 2, 3].map(() => randomBytes(24).toString('base64url')).join('.');
  const headerAndPayload = (token: string) => token.split('.').slice(0, 2).join('.');

  const cases: [string, () => Promise<string> | string, IdTokenErrorReason][] = [
    [
      'alg none',
      () => `${base64url({ alg: 'none' })}.${base64url(claims())}.`,
      'unsupported_algorithm',
    ],
    [
      'HS256 keyed with the public key (alg confusion)',
      hs256WithPublicKey,
      'unsupported_algorithm',
    ],
    [
      'a lower-case "rs256"',
      () => unsigned({ alg: 'rs256', kid: 'key-1' }),
      'unsupported_algorithm',
    ],
    ['no kid', signed({}, { kid: undefined }), 'missing_key_id'],
    ['an empty kid', signed({}, { kid: '' }), 'missing_key_id'],
    ['a numeric kid', signed({}, { kid: 1 }), 'missing_key_id'],
    ['another key with the same kid', () => signToken(impostor), 'bad_signature'],
    ['a payload swapped after signing', swappedPayload, 'bad_signature'],
    ['an unknown kid', () => signToken(impostor, claims(), { kid: 'key-9' }), 'unknown_key'],
    ['expired', signed({ iat: NOW - 4000, exp: NOW - 400 }), 'expired'],
    ['no exp', signed({ exp: undefined }), 'malformed'],
    ['iat in the future', signed({ iat: NOW + 60, exp: NOW + 3660 }), 'issued_in_future'],
    ['no iat', signed({ iat: undefined }), 'malformed'],
    ['a string iat', signed({ iat: 'yesterday' as unknown as number }), 'malformed'],
    ['no auth_time', signed({ auth_time: undefined }), 'malformed'],
    ['a string auth_time', signed({ auth_time: '1' }), 'malformed'],
    ['auth_time in the future', signed({ auth_time: NOW + 60 }), 'auth_time_in_future'],
    ['another audience', signed({ aud: 'other-project' }), 'wrong_audience'],
    ['an audience list', signed({ aud: [PROJECT_ID, 'other-project'] }), 'wrong_audience'],
    ['no audience', signed({ aud: undefined }), 'wrong_audience'],
    ['another issuer', signed({ iss: 'https://evil.example' }), 'wrong_issuer'],
    ['no issuer', signed({ iss: undefined }), 'wrong_issuer'],
    ['an empty sub', signed({ sub: '' }), 'missing_subject'],
    ['a 129-character sub', signed({ sub: 'u'.repeat(129) }), 'missing_subject'],
    ['no sub', signed({ sub: undefined }), 'missing_subject'],
    ['a numeric sub', signed({ sub: 42 as unknown as string }), 'missing_subject'],
    ['an empty string', () => '', 'malformed'],
    ['"abc"', () => 'abc', 'malformed'],
    ['"a.b.c"', () => 'a.b.c', 'malformed'],
    ['random base64', () => randomBytes(96).toString('base64'), 'malformed'],
    ['random base64url in three parts', threeParts, 'malformed'],
    ['a header that is a JSON array', () => unsigned(['RS256']), 'malformed'],
    ['five parts (JWE shape)', async () => `${await signToken(key)}.e30.e30`, 'malformed'],
    [
      'a signature that is not base64url',
      async () => `${headerAndPayload(await signToken(key))}.*!*`,
      'malformed',
    ],
    ['a payload that is not JSON', () => signRaw(key, 'not json'), 'malformed'],
  ];

  // A clear sentence per reason; never jose's own wording.
  const messages: Record<IdTokenErrorReason, RegExp> = {
    malformed:
      /^ID token (is not a well-formed JWT|has no valid "(exp|iat|auth_time)" claim|has non-numeric time claims)$/,
    unsupported_algorithm: /^ID token must be signed with RS256$/,
    missing_key_id: /^ID token has no "kid" \(key id\) header$/,
    unknown_key: /^ID token was signed with a key the issuer does not publish$/,
    bad_signature: /^ID token has an invalid signature$/,
    expired: /^ID token has expired$/,
    issued_in_future: /^ID token was issued in the future$/,
    auth_time_in_future: /^ID token has an authentication time in the future$/,
    wrong_audience: /^ID token was issued for another project$/,
    wrong_issuer: /^ID token was issued by an unexpected issuer$/,
    missing_subject:
      /^ID token subject \(uid\) must be a non-empty string of at most 128 characters$/,
    unaccepted_sign_in_provider: /^ID token comes from a sign-in provider that is not accepted$/,
    keys_unavailable: /^ID token could not be verified: the issuer's keys are unavailable$/,
  };

  it.each(cases)('rejects %s', async (_name, makeToken, reason) => {
    const error = await rejection(await makeToken());
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(messages[reason]);
    expect(error.name).toBe('IdTokenError');
  });

  it('names the missing claim', async () => {
    const error = await rejection(await signed({ auth_time: undefined })());
    expect(error.message).toBe('ID token has no valid "auth_time" claim');
  });

  it('rejects a value that is not a string', async () => {
    expect((await rejection(null as unknown as string)).reason).toBe('malformed');
  });
});

describe('clock tolerance', () => {
  const at = (overrides: Parameters<typeof claims>[0]) => signToken(key, claims(overrides));

  it.each([
    ['exp 4 s ago', { exp: NOW - 4 }],
    ['iat 5 s ahead', { iat: NOW + 5 }],
    ['auth_time 5 s ahead', { auth_time: NOW + 5, iat: NOW }],
  ])('accepts %s with the default 5 s', async (_name, overrides) => {
    await expect(verifier.verify(await at(overrides))).resolves.toBeDefined();
  });

  it.each([
    ['exp 5 s ago', { exp: NOW - 5 }, 'expired'],
    ['iat 6 s ahead', { iat: NOW + 6 }, 'issued_in_future'],
    ['auth_time 6 s ahead', { auth_time: NOW + 6, iat: NOW }, 'auth_time_in_future'],
  ])('rejects %s with the default 5 s', async (_name, overrides, reason) => {
    expect((await rejection(await at(overrides))).reason).toBe(reason);
  });

  it('honours clockToleranceSeconds', async () => {
    const strict = createIdTokenVerifier({
      projectId: PROJECT_ID,
      keys: createLocalJWKSet({ keys: [key.publicJwk] }),
      clockToleranceSeconds: 0,
      now: () => NOW_MS,
    });
    expect((await rejection(await at({ exp: NOW }), strict)).reason).toBe('expired');
    expect((await rejection(await at({ iat: NOW + 1 }), strict)).reason).toBe('issued_in_future');
    await expect(strict.verify(await at({ iat: NOW, auth_time: NOW }))).resolves.toBeDefined();
  });
});

describe('sign-in providers and token age', () => {
  const configured = (options: { signInProviders?: string[]; maxTokenAgeSeconds?: number }) =>
    createIdTokenVerifier({
      projectId: PROJECT_ID,
      keys: createLocalJWKSet({ keys: [key.publicJwk] }),
      now: () => NOW_MS,
      ...options,
    });
  const from = (provider: string | undefined) =>
    signToken(
      key,
      claims({
        firebase:
          provider === undefined ? undefined : { identities: {}, sign_in_provider: provider },
      }),
    );

  it('accepts only the sign-in providers given, and no token that names none', async () => {
    const passwordOnly = configured({ signInProviders: ['password'] });
    await expect(passwordOnly.verify(await from('password'))).resolves.toMatchObject({
      signInProvider: 'password',
    });
    for (const provider of ['google.com', 'custom', 'anonymous', 'Password', undefined]) {
      const error = await rejection(await from(provider), passwordOnly);
      expect(error.reason, String(provider)).toBe('unaccepted_sign_in_provider');
    }
    const withGoogle = configured({ signInProviders: ['password', 'google.com'] });
    await expect(withGoogle.verify(await from('google.com'))).resolves.toBeDefined();
    await expect(verifier.verify(await from('anonymous'))).resolves.toBeDefined();
  });

  it('refuses a token issued longer ago than maxTokenAgeSeconds, and expires it then', async () => {
    const tenMinutes = configured({ maxTokenAgeSeconds: 600 });
    const issued = (secondsAgo: number) =>
      signToken(key, claims({ iat: NOW - secondsAgo, exp: NOW - secondsAgo + 3600 }));
    await expect(tenMinutes.verify(await issued(60))).resolves.toMatchObject({
      issuedAt: NOW - 60,
      expiresAt: NOW - 60 + 600,
    });
    // The clock tolerance (5 s) applies to the age as to `exp`.
    await expect(tenMinutes.verify(await issued(605))).resolves.toBeDefined();
    expect((await rejection(await issued(606), tenMinutes)).reason).toBe('expired');
    await expect(verifier.verify(await issued(606))).resolves.toMatchObject({
      expiresAt: NOW - 606 + 3600,
    });
  });
});

describe('key resolver failures', () => {
  it('maps a kid published twice to unknown_key', async () => {
    const twice = createIdTokenVerifier({
      projectId: PROJECT_ID,
      keys: createLocalJWKSet({ keys: [key.publicJwk, impostor.publicJwk] }),
      now: () => NOW_MS,
    });
    const error = await rejection(await signToken(key), twice);
    expect(error).toMatchObject({ reason: 'unknown_key', message: /more than one/ });
  });

  it('maps a throwing resolver to keys_unavailable, keeping the cause for logs', async () => {
    const cause = new Error('key store offline');
    const broken = createIdTokenVerifier({
      projectId: PROJECT_ID,
      keys: async () => {
        throw cause;
      },
      now: () => NOW_MS,
    });
    const error = await rejection(await signToken(key), broken);
    expect(error).toMatchObject({ reason: 'keys_unavailable', cause });
  });
});

describe('options', () => {
  it('refuses an empty projectId, a negative tolerance, a bad URL and a token age of 0', () => {
    const keys = server.url;
    expect(() => createIdTokenVerifier({ projectId: '', keys })).toThrow(TypeError);
    expect(() =>
      createIdTokenVerifier({ projectId: PROJECT_ID, keys, clockToleranceSeconds: -1 }),
    ).toThrow(RangeError);
    expect(() => createIdTokenVerifier({ projectId: PROJECT_ID, keys: 'not a url' })).toThrow();
    expect(() =>
      createIdTokenVerifier({ projectId: PROJECT_ID, keys, maxTokenAgeSeconds: 0 }),
    ).toThrow(RangeError);
  });

  it('defaults the issuer to securetoken.google.com/<projectId>', async () => {
    expect(ISSUER).toBe(`https://securetoken.google.com/${PROJECT_ID}`);
    await expect(verifier.verify(await signToken(key))).resolves.toBeDefined();
  });
});

async function hs256WithPublicKey(): Promise<string> {
  const secret = new TextEncoder().encode(await exportSPKI(key.publicKey));
  return new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).sign(secret);
}

async function swappedPayload(): Promise<string> {
  const [header, , signature] = (await signToken(key)).split('.');
  return `${header}.${base64url(claims({ sub: 'uid-eve' }))}.${signature}`;
}

/** A token with the given header, the usual claims and a junk signature. */
function unsigned(header: unknown): string {
  return `${base64url(header)}.${base64url(claims())}.c2ln`;
}

/** Signs an arbitrary payload string, which SignJWT would not allow. */
async function signRaw(signer: SigningKey, payload: string): Promise<string> {
  const header = base64url({ alg: 'RS256', kid: signer.kid });
  const body = Buffer.from(payload).toString('base64url');
  const signature = await crypto.subtle.sign(
    'RSASSA-PKCS1-v1_5',
    signer.privateKey,
    new TextEncoder().encode(`${header}.${body}`),
  );
  return `${header}.${body}.${Buffer.from(signature).toString('base64url')}`;
}
