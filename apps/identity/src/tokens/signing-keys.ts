import { createPublicKey } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { IdentityDatabase } from '../db';
import { type SigningKey, signingKeys } from '../db/schema';
import { ID_TOKEN_LIFETIME_SECONDS } from './id-token-claims';
import type { KeySealer } from './key-sealing';

/**
 * How long a retired key stays published: the lifetime of the last token it signed, plus room
 * for replicas that still sign with it until their cached copy of the current key expires.
 */
export const RETIRED_KEY_PUBLISHED_MS = 2 * ID_TOKEN_LIFETIME_SECONDS * 1000;

/**
 * RSA modulus of new signing keys: 3072 bits, the strength NIST SP 800-57 pairs with 128-bit
 * security (2048 is 112-bit). A current key below it is replaced at start.
 */
export const SIGNING_KEY_BITS = 3072;

const modulusBitsOf = (publicJwk: JWK) =>
  createPublicKey({ key: publicJwk, format: 'jwk' }).asymmetricKeyDetails?.modulusLength ?? 0;

async function generateSigningKey(now: Date, sealer: KeySealer) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', {
    modulusLength: SIGNING_KEY_BITS,
    extractable: true,
  });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const marks = { kid, alg: 'RS256', use: 'sig' } satisfies JWK;
  return {
    kid,
    sealedPrivateJwk: await sealer.seal({ ...(await exportJWK(privateKey)), ...marks }),
    publicJwk: { ...publicJwk, ...marks },
    createdAt: now,
  };
}

/**
 * Creates the first signing key unless one exists, and replaces a current key shorter than
 * SIGNING_KEY_BITS (made by an earlier version): the weak key is retired, so it stays published
 * until the tokens it signed have expired. Replicas starting together may race: the unique index
 * on the current key lets exactly one first insert win, and only the replica whose update
 * retires the weak key adds its own.
 */
export async function ensureSigningKey(
  db: IdentityDatabase,
  now: Date,
  sealer: KeySealer,
): Promise<void> {
  const current = await db.query.signingKeys.findFirst({ where: isNull(signingKeys.retiredAt) });
  if (!current) {
    await db
      .insert(signingKeys)
      .values(await generateSigningKey(now, sealer))
      .onConflictDoNothing();
    return;
  }
  if (modulusBitsOf(current.publicJwk) >= SIGNING_KEY_BITS) return;
  const next = await generateSigningKey(now, sealer);
  await db.transaction(async (tx) => {
    const retired = await tx
      .update(signingKeys)
      .set({ retiredAt: now })
      .where(and(eq(signingKeys.kid, current.kid), isNull(signingKeys.retiredAt)))
      .returning({ kid: signingKeys.kid });
    if (retired.length > 0) await tx.insert(signingKeys).values(next);
  });
}

/**
 * Retires the current key and starts signing with a new one. The retired key stays published
 * for RETIRED_KEY_PUBLISHED_MS so live tokens keep verifying; keys older than that are removed.
 */
export async function rotateSigningKey(
  db: IdentityDatabase,
  now: Date,
  sealer: KeySealer,
): Promise<string> {
  const next = await generateSigningKey(now, sealer);
  await db.transaction(async (tx) => {
    await tx.update(signingKeys).set({ retiredAt: now }).where(isNull(signingKeys.retiredAt));
    await tx.insert(signingKeys).values(next);
    await tx
      .delete(signingKeys)
      .where(lt(signingKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS)));
  });
  return next.kid;
}

/** Seals the private keys of installs from before keys were sealed, and empties their plain copy. */
export async function sealPlainKeys(db: IdentityDatabase, sealer: KeySealer): Promise<void> {
  const plain = await db.select().from(signingKeys).where(isNotNull(signingKeys.privateJwk));
  for (const { kid, privateJwk } of plain) {
    if (!privateJwk) continue;
    await db
      .update(signingKeys)
      .set({ sealedPrivateJwk: await sealer.seal({ ...privateJwk, kid }), privateJwk: null })
      .where(eq(signingKeys.kid, kid));
  }
}

/** The current key and the retired keys whose tokens may still be alive. */
export function publishedKeys(db: IdentityDatabase, now: Date): Promise<SigningKey[]> {
  const oldestRetirement = new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS);
  return db
    .select()
    .from(signingKeys)
    .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, oldestRetirement)))
    .orderBy(signingKeys.createdAt);
}

export async function jwksOf(db: IdentityDatabase, now: Date): Promise<{ keys: JWK[] }> {
  return { keys: (await publishedKeys(db, now)).map((key) => key.publicJwk) };
}

export function currentKeyOf(keys: SigningKey[]): SigningKey | undefined {
  return keys.find((key) => key.retiredAt === null);
}
