import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * How far the API has read the identity service's account events (revocations, deletions): one
 * row, kept in the API's own database so that a deletion made while every replica was down is
 * still carried out when one starts.
 */
export const accountEventCursor = pgTable(
  'account_event_cursor',
  {
    id: smallint().primaryKey().default(1),
    /** Every event up to this sequence number has been applied. */
    lastSeq: bigint({ mode: 'number' }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('account_event_cursor_single_row_check', sql`${table.id} = 1`)],
);
