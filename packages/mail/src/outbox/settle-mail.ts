import { and, eq, sql } from 'drizzle-orm';
import type { ClaimedMail, OutboxDatabase } from './claim-mail';
import { outbox } from './schema';

/**
 * Only the claim that is still ours: a row whose lease lapsed and was claimed again carries a
 * higher attempt count, and the newer claim decides it.
 */
const stillClaimed = (mail: ClaimedMail) =>
  and(eq(outbox.id, mail.id), eq(outbox.status, 'sending'), eq(outbox.attempts, mail.attempts));

export async function markSent(db: OutboxDatabase, mail: ClaimedMail): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(stillClaimed(mail));
}

export async function markRetrying(
  db: OutboxDatabase,
  mail: ClaimedMail,
  { error, delaySeconds }: { error: string; delaySeconds: number },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'retrying',
      lastError: error,
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(stillClaimed(mail));
}

export async function markFailed(
  db: OutboxDatabase,
  mail: ClaimedMail,
  error: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lastError: error, lockedUntil: null })
    .where(stillClaimed(mail));
}
