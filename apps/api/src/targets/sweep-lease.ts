import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { leases } from '../db/schema';

const SWEEP_LEASE = 'targets-sweep';

/**
 * How long a sweep holds its lease: far past a sweep's second or two, so another replica takes
 * over only from one that ended mid-sweep; a sweep that outlived it overlaps the next harmlessly,
 * each change it makes being conditional on the state it found.
 */
const SWEEP_LEASE_MS = 120_000;

/**
 * Runs `work` holding the targets' sweep lease for `holder`, or not at all while another holds
 * it. Times are the database's, so replicas' clocks need not agree.
 */
export async function underSweepLease(
  db: ApiDatabase,
  holder: string,
  work: () => Promise<void>,
): Promise<void> {
  const expiresAt = sql`now() + ${SWEEP_LEASE_MS} * interval '1 millisecond'`;
  const taken = await db
    .insert(leases)
    .values({ name: SWEEP_LEASE, holder, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt },
      // Its own lease too, should ending it have failed (the database was away).
      setWhere: or(lte(leases.expiresAt, sql`now()`), eq(leases.holder, holder)),
    })
    .returning({ holder: leases.holder });
  if (taken.length === 0) return;
  try {
    await work();
  } finally {
    await db.delete(leases).where(and(eq(leases.name, SWEEP_LEASE), eq(leases.holder, holder)));
  }
}
