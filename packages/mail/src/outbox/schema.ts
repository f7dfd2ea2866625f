import type { MailOutboxStatus } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail waits for delivery in a schema of its own, shared by the identity service and the API. */
export const mailSchema = pgSchema('mail');

/**
 * What an outbox row is doing: `queued` (never tried), `sending` (claimed by one process until
 * `lockedUntil`), `retrying` (tried and refused, tried again at `nextAttemptAt`), `sent`, `failed`
 * (refused for good, or out of attempts). The list lives in the contracts, with the admin view.
 */
export type MailStatus = MailOutboxStatus;

/** Every mail the product sends, from the moment it is decided until it is sent or given up. */
export const outbox = mailSchema.table(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What the mail is for, e.g. `verify_email` or `invitation`: for the admin view and metrics. */
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    status: text().$type<MailStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the claim lapses then, so a process that died mid-send does not hold it. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'retrying', 'sending')`),
    index('outbox_status_created_at_idx').on(table.status, table.createdAt.desc()),
    check(
      'outbox_status_check',
      sql`${table.status} in ('queued', 'sending', 'retrying', 'sent', 'failed')`,
    ),
  ],
);
