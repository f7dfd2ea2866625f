import type { OutboxMail } from '@hackclass/contracts';
import { outbox } from '@hackclass/mail';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { apiErrors } from '../errors';
import { listed, presentOutboxMail } from './list-outbox';

/**
 * Puts a failed mail back in the queue with every attempt available again, for after the cause
 * was fixed (a typo in SMTP_URL, a full mailbox). Only failed mails: others are on their way.
 */
export async function retryMail(db: ApiDatabase, id: string): Promise<OutboxMail> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning(listed);
  if (!row) throw apiErrors.notFound('No failed mail has this id');
  return presentOutboxMail(row);
}
