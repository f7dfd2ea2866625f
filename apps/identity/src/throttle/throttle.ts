import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { throttleEvents } from '../db/schema';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Failed sign-ins per account: enough for typos, far too few for guessing. */
export const SIGN_IN_FAILURES_PER_ACCOUNT: Limit = { max: 5, windowMs: 15 * 60_000 };
/** Failed sign-ins per IP address: a classroom behind one NAT still gets through. */
export const SIGN_IN_FAILURES_PER_IP: Limit = { max: 20, windowMs: 15 * 60_000 };
/** Verification and reset mails per address: stops the service being used to flood an inbox. */
export const MAILS_PER_ADDRESS: Limit = { max: 5, windowMs: 60 * 60_000 };

/** Events older than every window are pruned now and then; none of them counts any more. */
const LONGEST_WINDOW_MS = 60 * 60_000;
const PRUNE_PROBABILITY = 0.01;

export const buckets = {
  signInAccount: (email: string) => `sign-in:account:${email}`,
  signInIp: (ip: string) => `sign-in:ip:${ip}`,
  mail: (email: string) => `mail:${email}`,
};

/** True when `bucket` already holds `limit.max` events inside its window. */
export async function isOverLimit(
  ctx: IdentityContext,
  bucket: string,
  limit: Limit,
): Promise<boolean> {
  const since = new Date(ctx.now().getTime() - limit.windowMs);
  const [row] = await ctx.db
    .select({ events: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.bucket, bucket), gte(throttleEvents.at, since)));
  return (row?.events ?? 0) >= limit.max;
}

export async function recordEvent(ctx: IdentityContext, ...bucketNames: string[]): Promise<void> {
  const at = ctx.now();
  await ctx.db.insert(throttleEvents).values(bucketNames.map((bucket) => ({ bucket, at })));
  if (Math.random() < PRUNE_PROBABILITY) {
    await ctx.db
      .delete(throttleEvents)
      .where(lt(throttleEvents.at, new Date(at.getTime() - LONGEST_WINDOW_MS)));
  }
}

export async function clearEvents(ctx: IdentityContext, ...bucketNames: string[]): Promise<void> {
  await ctx.db.delete(throttleEvents).where(inArray(throttleEvents.bucket, bucketNames));
}
