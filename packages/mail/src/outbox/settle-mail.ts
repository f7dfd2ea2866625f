import { and, eq, inArray, or, sql } from 'drizzle-orm';
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
  // A claim given back by a stopping process (see releaseMail) keeps its attempt count: the mail
  // server accepting it after all still counts, rather than sending it again.
  const stillOurs = and(
    eq(outbox.id, mail.id),
    inArray(outbox.status, ['sending', 'retrying']),
    eq(outbox.attempts, mail.attempts),
  );
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
    .where(stillOurs);
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

/**
 * Gives claimed mails back to the queue, due at once: the process sending them is stopping and
 * will not wait for the mail server's answer. Its connections end with it, before the server
 * accepted the mails, so the next process sends each of them once (RFC 5321 §4.1.1.4: a server
 * takes responsibility for a mail only with its final answer to the data).
 */
export async function releaseMail(db: OutboxDatabase, mails: ClaimedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .update(outbox)
    .set({
      status: 'retrying',
      lastError: 'The sending process stopped before the mail server answered',
      lockedUntil: null,
      nextAttemptAt: sql`now()`,
    })
    .where(or(...mails.map(stillClaimed)));
}
