import { and, asc, gt, gte } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { type AccountEvent, type AccountEventType, accountEvents } from '../db/schema';
import { firstValidIssuedAt } from '../tokens/id-token-claims';

/** The most events one listing returns; the reader asks again after the last one. */
export const MAX_EVENTS_PER_PAGE = 500;

/** Tells relying services that the account's tokens issued before `validSince` are void. */
export async function recordAccountEvent(
  ctx: Pick<IdentityContext, 'db' | 'now'>,
  uid: string,
  type: AccountEventType,
  validSince: Date,
): Promise<void> {
  await ctx.db.insert(accountEvents).values({ uid, type, validSince, createdAt: ctx.now() });
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
