import {
  MAIL_OUTBOX_STATUSES,
  type MailOutbox,
  type MailOutboxQuery,
  type OutboxMail,
  pageOfItems,
} from '@hackclass/contracts';
import { outbox } from '@hackclass/mail';
import { count, desc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';

/** Columns of the admin view: everything but the bodies. */
export const listed = {
  id: outbox.id,
  kind: outbox.kind,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  nextAttemptAt: outbox.nextAttemptAt,
  sentAt: outbox.sentAt,
};

type ListedMail = { [Key in keyof typeof listed]: (typeof outbox.$inferSelect)[Key] };

export function presentOutboxMail(row: ListedMail): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** A page of the outbox, newest first (the status and creation index serves both), with counts per status. */
export async function listOutbox(
  db: ApiDatabase,
  { status, page, pageSize }: MailOutboxQuery,
): Promise<MailOutbox> {
  const where = status ? eq(outbox.status, status) : undefined;
  const [perStatus, rows] = await Promise.all([
    db.select({ status: outbox.status, total: count() }).from(outbox).groupBy(outbox.status),
    db
      .select(listed)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const counts = Object.fromEntries(
    MAIL_OUTBOX_STATUSES.map((name) => [name, 0]),
  ) as MailOutbox['counts'];
  for (const row of perStatus) counts[row.status] = row.total;
  const total = status ? counts[status] : perStatus.reduce((sum, row) => sum + row.total, 0);
  return {
    ...pageOfItems(rows.map(presentOutboxMail), total, { page, pageSize }),
    counts,
  };
}
