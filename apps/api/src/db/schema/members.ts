import { MEMBER_STATUSES } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { oneOf } from './one-of';
import { users } from './users';

export const members = pgTable(
  'members',
  {
    classroomId: cascadeReference(() => classrooms.id),
    userId: cascadeReference(() => users.id),
    status: text({ enum: MEMBER_STATUSES }).notNull(),
    /**
     * The member's points here, the labs solved that count and when they reached those points:
     * kept with each solve and recounted when the classroom's labs or their points change
     * (`recountPoints`), so the leaderboard is an index read.
     */
    points: integer().notNull().default(0),
    solveCount: integer().notNull().default(0),
    /** Labs the member solved first in the classroom. */
    firstSolveCount: integer().notNull().default(0),
    reachedAt: timestamp({ withTimezone: true }),
    /**
     * The member's name as the leaderboard sorts ties: `lower(memberName)`, kept by the database
     * (triggers of migration 0015) whenever a member joins or a user's name changes, so a board
     * where everyone is on 0 is still an index read.
     */
    sortName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'members_pkey', columns: [table.classroomId, table.userId] }),
    // A user's classroom lists: accepted, invited, pending.
    index('members_user_id_status_idx').on(table.userId, table.status),
    // A classroom's member listing filtered by status.
    index('members_classroom_id_status_idx').on(table.classroomId, table.status),
    // The leaderboard: accepted members by points, ties to whoever reached them first, then by name.
    index('members_leaderboard_idx').on(
      table.classroomId,
      table.status,
      table.points.desc(),
      table.reachedAt.asc().nullsLast(),
      table.sortName,
      table.userId,
    ),
    check('members_status_check', oneOf(table.status, MEMBER_STATUSES)),
  ],
);

/**
 * Invitations sent to an email that has no account yet. Each becomes an `Invited` member
 * once someone signs up with that email and verifies it.
 */
export const emailInvitations = pgTable(
  'email_invitations',
  {
    classroomId: cascadeReference(() => classrooms.id),
    /** Stored lower-case. */
    email: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'email_invitations_pkey', columns: [table.classroomId, table.email] }),
    // Found by email when its owner verifies the address.
    index('email_invitations_email_idx').on(table.email),
    check('email_invitations_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
