import type { UserRow } from '../db/schema';

/**
 * How long a user row read for one request serves the next ones. Writes made through this
 * process are seen at once (they `forget` the user); writes it cannot see (another replica's,
 * an operator's SQL) within this time.
 */
export const KNOWN_USER_TTL_MS = 2_000;
const KNOWN_USERS_MAX = 10_000;

export interface KnownUsers {
  /** The user of an identity uid, if read lately. */
  get(identityUid: string): UserRow | undefined;
  /** Keeps the user for the next requests, and returns it. */
  remember(user: UserRow): UserRow;
  /** Drops the user, after a change to their row. */
  forget(identityUid: string): void;
}

/**
 * Users read lately by the requests that authenticate them. Every API request needs its caller's
 * row, and a page load sends several requests within a second: reading it once for them saves a
 * database round trip each, which is most of what authentication costs.
 */
export function knownUsers({
  ttlMs = KNOWN_USER_TTL_MS,
  max = KNOWN_USERS_MAX,
  now = Date.now,
}: {
  ttlMs?: number;
  max?: number;
  now?: () => number;
} = {}): KnownUsers {
  // Map order is insertion order: the first key is the oldest.
  const entries = new Map<string, { user: UserRow; until: number }>();
  return {
    get(identityUid) {
      const entry = entries.get(identityUid);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.user;
      entries.delete(identityUid);
      return undefined;
    },
    remember(user) {
      entries.delete(user.identityUid);
      if (entries.size >= max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(user.identityUid, { user, until: now() + ttlMs });
      return user;
    },
    forget(identityUid) {
      entries.delete(identityUid);
    },
  };
}
