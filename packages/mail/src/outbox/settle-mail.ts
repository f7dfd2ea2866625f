import { and, eq, sql } from 'drizzle-orm';
import type { ClaimedMail, OutboxDatabase } from './claim-mail';
import { outbox } from './schema';

/**
 * Only the claim that is still ours: a row whose lease lapsed and was claimed again carries a
 * higher attempt count, and the newer claim decides it.
 */
const stillClaimed = (mail: ClaimedMail) =>
  and(eq(outbox.id, mail.id), eq(outbox.status, 'sending'), eq(outbox.attempts, mail.attempts));

/**
 * Records a sent mail and drops its bodies: they hold working links (invitation tokens, codes),
 * and a sent mail is never sent again, so keeping them would only hand the links to backups.
 */
export async function markSent(db: OutboxDatabase, mail: ClaimedMail): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      textBody: '',
      htmlBody: '',
    })
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
