import type { Database } from '@hackclass/db';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { outbox } from './schema';

export type OutboxDatabase = Database<{ outbox: typeof outbox }>;

export type ClaimedMail = typeof outbox.$inferSelect;

/**
 * Takes up to `limit` due mails for this process: queued or retrying ones whose time has come,
 * and ones whose sender's claim lapsed (it died mid-send). SKIP LOCKED lets replicas claim at
 * the same moment without waiting for each other or taking the same row; each claim counts an
 * attempt and holds the row for `leaseSeconds`.
 */
export async function claimMail(
  db: OutboxDatabase,
  { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(inArray(outbox.status, ['queued', 'retrying']), lte(outbox.nextAttemptAt, sql`now()`)),
        and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}
