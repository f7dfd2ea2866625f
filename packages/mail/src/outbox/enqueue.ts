import type { Database } from '@hackclass/db';
import type { MailMessage } from '../mailer';
import { outbox } from './schema';

export interface QueuedMail extends MailMessage {
  /** What the mail is for, e.g. `verify_email` or `invitation`. */
  kind: string;
}

/**
 * Puts a mail in the outbox. Called inside the transaction that decided to send it, the mail
 * exists exactly when that decision was committed; delivery happens later, with retries.
 */
export async function enqueueMail(
  db: Database<Record<string, unknown>>,
  mail: QueuedMail,
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('the outbox returned no row');
  return row.id;
}
