import { eq, isNull } from 'drizzle-orm';
import { getIdToken, signInWithEmailAndPassword } from 'firebase/auth';
import { type CryptoKey, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteSdkClients,
  type IdentityServer,
  jwksVerifier,
  PROJECT_ID,
  sdkClient,
  signUpWithSdk,
  startIdentity,
} from '../../testing';
import { schema } from '../db';
import { ID_TOKEN_LIFETIME_SECONDS, idTokenClaims } from './id-token-claims';
import { createKeySealer } from './key-sealing';
import { ensureSigningKey, RETIRED_KEY_PUBLISHED_MS } from './signing-keys';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterEach(deleteSdkClients);
afterAll(() => server.close());

const publishedJwks = async () =>
  (await (await fetch(`${server.origin}/.well-known/jwks.json`)).json()) as {
    keys: Array<{ kid: string; n: string }>;
  };

/** A modulus's length in bits, read from a JWK's `n` as any verifier would. */
const modulusBits = (n: string | undefined) => Buffer.from(n ?? '', 'base64url').length * 8;

const currentKey = () =>
  server.db().query.signingKeys.findFirst({ where: isNull(schema.signingKeys.retiredAt) });

/** Makes a 2048-bit key, sealed as this version seals keys, the current one: an earlier install. */
async function install2048BitKey(kid: string): Promise<CryptoKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const marks = { kid, alg: 'RS256', use: 'sig' };
  const db = server.db();
  await db
    .update(schema.signingKeys)
    .set({ retiredAt: server.clock.now() })
    .where(isNull(schema.signingKeys.retiredAt));
  await db.insert(schema.signingKeys).values({
    kid,
    sealedPrivateJwk: await createKeySealer(server.keySecret()).seal({
      ...(await exportJWK(privateKey)),
      ...marks,
    }),
    publicJwk: { ...(await exportJWK(publicKey)), ...marks },
    createdAt: server.clock.now(),
  });
  return privateKey;
}

describe('signing key strength', () => {
  it('is RSA-3072: the modulus a fresh server publishes decodes to 3072 bits', async () => {
    const { keys } = await publishedJwks();
    expect(keys).toHaveLength(1);
    expect(modulusBits(keys[0]?.n)).toBe(3072);
  });

  it('replaces a 2048-bit current key at start; its tokens verify until they expire', async () => {
    const { user, email } = await signUpWithSdk(server);
    const oldKid = 'rsa-2048-key-from-before';
    const oldKey = await install2048BitKey(oldKid);
    // What the service signed with that key before the upgrade.
    const account = await server.db().query.accounts.findFirst({
      where: eq(schema.accounts.uid, user.uid),
    });
    if (!account) throw new Error('no account row');
    const issuedAt = server.clock.now();
    const oldToken = await new SignJWT(
      idTokenClaims(account, { projectId: PROJECT_ID, authTime: issuedAt, now: issuedAt }),
    )
      .setProtectedHeader({ alg: 'RS256', kid: oldKid, typ: 'JWT' })
      .sign(oldKey);

    await server.restart();
    const current = await currentKey();
    expect(current?.kid).not.toBe(oldKid);
    expect(modulusBits(current?.publicJwk.n)).toBe(3072);
    const kids = (await publishedJwks()).keys.map((key) => key.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, current?.kid]));
    const fresh = await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    expect(decodeProtectedHeader(await getIdToken(fresh.user)).kid).toBe(current?.kid);

    expect((await jwksVerifier(server).verify(oldToken)).uid).toBe(user.uid);
    expect((await server.call('/v1/accounts:lookup', { idToken: oldToken })).status).toBe(200);

    server.clock.advance(ID_TOKEN_LIFETIME_SECONDS * 1000 + 10_000);
    await expect(jwksVerifier(server).verify(oldToken)).rejects.toMatchObject({
      reason: 'expired',
    });
    const refused = await server.call('/v1/accounts:lookup', { idToken: oldToken });
    expect(await refused.json()).toMatchObject({ error: { message: 'INVALID_ID_TOKEN' } });
    server.clock.advance(RETIRED_KEY_PUBLISHED_MS);
    expect((await publishedJwks()).keys.map((key) => key.kid)).not.toContain(oldKid);
  });

  it('replaces a 2048-bit key once when replicas start together', async () => {
    await install2048BitKey('rsa-2048-key-of-two-replicas');
    const sealer = createKeySealer(server.keySecret());
    const db = server.db();
    await Promise.all([
      ensureSigningKey(db, server.clock.now(), sealer),
      ensureSigningKey(db, server.clock.now(), sealer),
    ]);
    const current = await db
      .select()
      .from(schema.signingKeys)
      .where(isNull(schema.signingKeys.retiredAt));
    expect(current).toHaveLength(1);
    expect(modulusBits(current[0]?.publicJwk.n)).toBe(3072);
  });
});
