import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { users } from './users';

/**
 * The link each invitation mail carries. Only the SHA-256 of its token is kept, so the table
 * cannot be read back into working links. The row outlives its invitation: a withdrawn or
 * accepted link still says what became of it.
 */
export const invitationLinks = pgTable(
  'invitation_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text().notNull().unique('invitation_links_token_hash_key'),
    classroomId: cascadeReference(() => classrooms.id),
    /** Stored lower-case. */
    email: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    withdrawnAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // A teacher's invitation mails of the last 24 hours, for their daily allowance.
    index('invitation_links_invited_by_created_at_idx').on(table.invitedBy, table.createdAt),
    // The open links of one address in one classroom, closed when it is withdrawn.
    index('invitation_links_classroom_id_email_idx').on(table.classroomId, table.email),
    check('invitation_links_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
