import type { OutboxMail } from '@hackclass/contracts';
import { outbox } from '@hackclass/mail';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { deadMailLink } from './dead-mail-link';
import { listed, presentOutboxMail } from './list-outbox';

const failedMail = (id: string) => and(eq(outbox.id, id), eq(outbox.status, 'failed'));

/**
 * Puts a failed mail back in the queue with every attempt available again, for after the cause
 * was fixed (a typo in SMTP_URL, a full mailbox). Only failed mails: others are on their way. A
 * mail whose link no longer works is refused: it would only bring a dead link.
 */
export async function retryMail(db: ApiDatabase, id: string): Promise<OutboxMail> {
  const [failed] = await db
    .select({ kind: outbox.kind, textBody: outbox.textBody, createdAt: outbox.createdAt })
    .from(outbox)
    .where(failedMail(id));
  if (!failed) throw apiErrors.notFound('No failed mail has this id');
  const dead = await deadMailLink(db, failed);
  if (dead) throw apiErrors.mailLinkDead(dead);
  const [row] = await db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(failedMail(id))
    .returning(listed);
  if (!row) throw apiErrors.notFound('No failed mail has this id');
  recordEvent(db, { type: 'mail.queued' });
  return presentOutboxMail(row);
}
