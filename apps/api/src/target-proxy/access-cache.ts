import type { TargetAccess } from './target-access';

/**
 * How long a target's state and a user's right to reach it are taken as read. Stopping a target
 * or removing a member shows within this time, and a page of a hundred assets costs one query.
 */
export const ACCESS_CACHE_MS = 2_000;
const ACCESS_CACHE_MAX = 10_000;

type Load = (targetId: string, userId: string) => Promise<TargetAccess | undefined>;

/** `load`, remembered per target and user for `ttlMs`; requests arriving together share one query. */
export function cachedAccess(load: Load, ttlMs = ACCESS_CACHE_MS): Load {
  const entries = new Map<string, { access: Promise<TargetAccess | undefined>; until: number }>();
  return (targetId, userId) => {
    const key = `${targetId}/${userId}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.access;
    entries.delete(key);
    if (entries.size >= ACCESS_CACHE_MAX) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    const access = load(targetId, userId);
    entries.set(key, { access, until: now + ttlMs });
    // A failed read (the database away) is not remembered.
    access.catch(() => entries.delete(key));
    return access;
  };
}
