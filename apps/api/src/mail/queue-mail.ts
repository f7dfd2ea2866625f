import { enqueueMail, type QueuedMail } from '@hackclass/mail';
import type { ApiDatabase } from '../db';
import { recordEvent } from '../domain-events/record-event';

/**
 * How API code sends mail: written to the outbox inside the transaction that decides it, so it
 * exists exactly when that decision is committed, and sent as soon as it is (see `mailWake`).
 */
export async function queueMail(tx: ApiDatabase, mail: QueuedMail): Promise<void> {
  await enqueueMail(tx, mail);
  recordEvent(tx, { type: 'mail.queued' });
}
