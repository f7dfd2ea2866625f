import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export interface RemoteKeySetOptions {
  /** How long a fetched key set is used before it is fetched again; default 10 minutes. */
  maxAgeMs?: number;
  /**
   * How long the last good key set keeps verifying while the issuer's key endpoint fails;
   * default 24 hours. Keys are rotated far more slowly than that, and a longer outage of the
   * key endpoint would otherwise stop every new session once the set is `maxAgeMs` old.
   */
  maxStaleMs?: number;
  /** An unknown `kid`, or a failed fetch, is retried at most this often; default 30 s. */
  cooldownMs?: number;
  /** How long one fetch of the key set may take; default 5 s. */
  timeoutMs?: number;
}

const isKeySet = (value: unknown): value is JSONWebKeySet =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { keys?: unknown }).keys) &&
  (value as { keys: unknown[] }).keys.every((key) => typeof key === 'object' && key !== null);

/**
 * A JWKS URL as a key resolver, like jose's createRemoteJWKSet but stale-if-error: the last
 * good key set is kept and used, up to `maxStaleMs`, while the endpoint cannot be fetched. An
 * unknown `kid` still fetches the set again (at most once per cooldown), so new keys are
 * picked up at once; while the endpoint is down such a token cannot be verified.
 */
export function createRemoteKeySet(
  url: URL,
  {
    maxAgeMs = 10 * 60_000,
    maxStaleMs = 24 * 60 * 60_000,
    cooldownMs = 30_000,
    timeoutMs = 5_000,
  }: RemoteKeySetOptions = {},
): JWTVerifyGetKey {
  let good: { resolve: JWTVerifyGetKey; fetchedAt: number } | undefined;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  /** Whether the last fetch failed: the stale set is in use. */
  let failing = false;
  let fetching: Promise<void> | undefined;

  // Concurrent requests share one fetch.
  const fetchKeys = (): Promise<void> => {
    fetching ??= (async () => {
      lastAttempt = Date.now();
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`the key set answered HTTP ${response.status}`);
        const body: unknown = await response.json();
        if (!isKeySet(body)) throw new errors.JWKSInvalid('the key set is not a JSON Web Key Set');
        good = { resolve: createLocalJWKSet(body), fetchedAt: Date.now() };
        failing = false;
      } catch (error) {
        failing = true;
        throw error;
      } finally {
        fetching = undefined;
      }
    })();
    return fetching;
  };

  async function current(): Promise<JWTVerifyGetKey> {
    if (good) {
      const age = Date.now() - good.fetchedAt;
      if (age <= maxAgeMs) return good.resolve;
      // Stale: fetched again, but while the endpoint fails at most once per cooldown.
      if (age <= maxStaleMs && Date.now() - lastAttempt < cooldownMs) return good.resolve;
    }
    const last = good;
    try {
      await fetchKeys();
    } catch (error) {
      if (!last || Date.now() - last.fetchedAt > maxStaleMs) throw error;
      return last.resolve;
    }
    if (!good) throw new Error('the key set was fetched but not kept');
    return good.resolve;
  }

  return async (header, token) => {
    const resolve = await current();
    try {
      return await resolve(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // A key the set does not have may be new, and only the issuer can say: while it cannot
      // be reached the keys are unavailable, rather than the token wrong.
      if (failing) throw new Error('the key set cannot be fetched', { cause: error });
      if (Date.now() - lastAttempt < cooldownMs) throw error;
      await fetchKeys();
      return (good?.resolve ?? resolve)(header, token);
    }
  };
}
