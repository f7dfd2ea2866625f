import { and, asc, gt, gte, lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { type AccountEvent, type AccountEventType, accountEvents } from '../db/schema';
import { firstValidIssuedAt } from '../tokens/id-token-claims';

/** The most events one listing returns; the reader asks again after the last one. */
export const MAX_EVENTS_PER_PAGE = 500;

/**
 * How long events are kept. Relying services read them every few seconds, and a starting one
 * the last hour's; one away longer than this misses deletions, whose leftovers it finds when
 * their email is used again (the API's stale-email check).
 */
export const ACCOUNT_EVENTS_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * Tells relying services that the account's tokens issued before `validSince` are void, and
 * drops the events older than ACCOUNT_EVENTS_KEPT_MS: the feed grows only with recent ones.
 */
export async function recordAccountEvent(
  ctx: Pick<IdentityContext, 'db' | 'now'>,
  uid: string,
  type: AccountEventType,
  validSince: Date,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(accountEvents).values({ uid, type, validSince, createdAt: now });
  await ctx.db
    .delete(accountEvents)
    .where(lt(accountEvents.createdAt, new Date(now.getTime() - ACCOUNT_EVENTS_KEPT_MS)));
}

/** Events after the `after` sequence number and, when given, recorded at or after `since`. */
export async function listAccountEvents(
  ctx: Pick<IdentityContext, 'db'>,
  { after, since, limit }: { after: number; since: Date | undefined; limit: number },
): Promise<AccountEvent[]> {
  return ctx.db
    .select()
    .from(accountEvents)
    .where(
      and(gt(accountEvents.seq, after), since ? gte(accountEvents.createdAt, since) : undefined),
    )
    .orderBy(asc(accountEvents.seq))
    .limit(Math.min(limit, MAX_EVENTS_PER_PAGE));
}

/** An event as the admin API lists it: `validSince` is the first `iat` still accepted. */
export function presentAccountEvent(event: AccountEvent) {
  return {
    seq: event.seq,
    uid: event.uid,
    type: event.type,
    validSince: firstValidIssuedAt(event),
    createdAt: event.createdAt.toISOString(),
  };
}
