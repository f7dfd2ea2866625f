import { addressBucket } from '@hackclass/http';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { IdentityDatabase } from '../db';
import { throttleEvents } from '../db/schema';

/** The parts of the identity context that throttling uses: its own type keeps the two modules apart. */
type ThrottleContext = { db: IdentityDatabase; now: () => Date };

export interface Limit {
  max: number;
  windowMs: number;
}

/** One bucket to count an event in, and the limit it is held to. */
export interface Counter {
  bucket: string;
  limit: Limit;
}

/**
 * Events older than every window are pruned now and then; none of them counts any more. No
 * limit's window may be longer.
 */
const LONGEST_WINDOW_MS = 60 * 60_000;
const PRUNE_PROBABILITY = 0.01;

/**
 * Bucket names. A client address (`ip`) counts as its `addressBucket`, an IPv6 address as its
 * whole /64. A normalised email never contains a space, so `<email> <client>` names one pair
 * unambiguously and `<email> ` prefixes all pairs of one email.
 */
export const buckets = {
  signInPair: (email: string, ip: string) => `sign-in:pair:${email} ${addressBucket(ip)}`,
  signInPairsOf: (email: string) => `sign-in:pair:${email} `,
  signInAccount: (email: string) => `sign-in:account:${email}`,
  signInIp: (ip: string) => `sign-in:ip:${addressBucket(ip)}`,
  signUpIp: (ip: string) => `sign-up:ip:${addressBucket(ip)}`,
  passwordChangeIp: (ip: string) => `password-change:ip:${addressBucket(ip)}`,
  providerTripIp: (ip: string) => `provider-trip:ip:${addressBucket(ip)}`,
  verifyMail: (email: string) => `mail:verify:${email}`,
  resetMailPair: (email: string, ip: string) => `mail:reset:pair:${email} ${addressBucket(ip)}`,
  resetMailIp: (ip: string) => `mail:reset:ip:${addressBucket(ip)}`,
  resetMail: (email: string) => `mail:reset:${email}`,
};

async function eventsInWindow(ctx: ThrottleContext, { bucket, limit }: Counter, at: Date) {
  const since = new Date(at.getTime() - limit.windowMs);
  const [row] = await ctx.db
    .select({ events: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.bucket, bucket), gte(throttleEvents.at, since)));
  return row?.events ?? 0;
}

/**
 * What `countEvent` recorded and found: the new rows' ids and, per counter, the events in its
 * window (this one included) and whether that is over its limit.
 */
export interface Counted {
  ids: number[];
  events: number[];
  over: boolean[];
}

/**
 * Records one event in each counter's bucket, then counts. Recording first is what makes the
 * limits hold under concurrency: of many requests racing, each sees the others' events, so no
 * more than `max` of them find their bucket within its limit.
 */
export async function countEvent(ctx: ThrottleContext, ...counters: Counter[]): Promise<Counted> {
  const at = ctx.now();
  const rows = await ctx.db
    .insert(throttleEvents)
    .values(counters.map(({ bucket }) => ({ bucket, at })))
    .returning({ id: throttleEvents.id });
  if (Math.random() < PRUNE_PROBABILITY) {
    await ctx.db
      .delete(throttleEvents)
      .where(lt(throttleEvents.at, new Date(at.getTime() - LONGEST_WINDOW_MS)));
  }
  const counts = await Promise.all(counters.map((counter) => eventsInWindow(ctx, counter, at)));
  return {
    ids: rows.map((row) => row.id),
    events: counts,
    over: counts.map((events, index) => events > (counters[index]?.limit.max ?? 0)),
  };
}

/**
 * Counts one event in every counter, or throws `refusal` when any of them is over its limit.
 * A refused event is taken back from all its buckets: requests refused for one bucket (an
 * attacker's address) must not use up another (the victim's own quota for their email).
 */
export async function takeTurn(
  ctx: ThrottleContext,
  refusal: () => Error,
  ...counters: Counter[]
): Promise<void> {
  const { ids, over } = await countEvent(ctx, ...counters);
  if (over.some(Boolean)) {
    await forgetEvents(ctx, ids);
    throw refusal();
  }
}

/** Takes events back, e.g. a sign-in attempt that turned out to be right. */
export async function forgetEvents(ctx: ThrottleContext, ids: number[]): Promise<void> {
  if (ids.length > 0) await ctx.db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
}

export async function clearEvents(ctx: ThrottleContext, ...bucketNames: string[]): Promise<void> {
  await ctx.db.delete(throttleEvents).where(inArray(throttleEvents.bucket, bucketNames));
}

export async function clearEventsStartingWith(ctx: ThrottleContext, prefix: string) {
  await ctx.db.delete(throttleEvents).where(sql`starts_with(${throttleEvents.bucket}, ${prefix})`);
}
