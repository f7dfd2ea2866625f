import { importJWK, type JWK } from 'jose';
import type { IdentityDatabase } from '../db';
import type { KeySealer } from './key-sealing';
import { currentKeyOf, publishedKeys } from './signing-keys';

type Key = Awaited<ReturnType<typeof importJWK>>;

/**
 * How long a replica signs with the current key it read before looking again: another replica's
 * rotation is picked up within this time, and retired keys stay published well beyond it.
 */
const CURRENT_KEY_CACHE_MS = 60_000;
/** An unknown `kid` reloads the keys at most this often, so forged kids cannot flood the database. */
const RELOAD_COOLDOWN_MS = 1_000;

export interface KeyStore {
  signingKey(): Promise<{ kid: string; key: Key }>;
  verificationKey(kid: string): Promise<Key | undefined>;
  /** Drops the cache, after this replica rotated the keys. */
  forget(): void;
}

export function createKeyStore(db: IdentityDatabase, now: () => Date, sealer: KeySealer): KeyStore {
  let current: { kid: string; key: Key; loadedAt: number } | undefined;
  let verification = new Map<string, Key>();
  let lastReload = Number.NEGATIVE_INFINITY;

  async function reload(): Promise<void> {
    lastReload = performance.now();
    const keys = await publishedKeys(db, now());
    const imported = new Map<string, Key>();
    for (const key of keys) imported.set(key.kid, await importJWK(key.publicJwk as JWK, 'RS256'));
    verification = imported;
    const signing = currentKeyOf(keys);
    if (!signing?.sealedPrivateJwk) {
      throw new Error(
        'no sealed current signing key; ensureSigningKey and sealPlainKeys run at start',
      );
    }
    current = {
      kid: signing.kid,
      key: await importJWK(await sealer.open(signing.sealedPrivateJwk), 'RS256'),
      loadedAt: performance.now(),
    };
  }

  return {
    async signingKey() {
      if (!current || performance.now() - current.loadedAt > CURRENT_KEY_CACHE_MS) await reload();
      if (!current) throw new Error('no current signing key');
      return { kid: current.kid, key: current.key };
    },
    async verificationKey(kid) {
      if (!verification.has(kid) && performance.now() - lastReload > RELOAD_COOLDOWN_MS) {
        await reload();
      }
      return verification.get(kid);
    },
    forget() {
      current = undefined;
      verification = new Map();
      lastReload = Number.NEGATIVE_INFINITY;
    },
  };
}
