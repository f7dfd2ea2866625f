import { FLAG_KINDS } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { labs } from './labs';
import { oneOf } from './one-of';
import { users } from './users';

/** A lab's accepted answers; only its creator and admins ever see them. */
export const labFlags = pgTable(
  'lab_flags',
  {
    id: uuid().primaryKey().defaultRandom(),
    labId: cascadeReference(() => labs.id),
    value: text().notNull(),
    /** Compared as typed, or matched whole as a regular expression (linear-time engine). */
    kind: text({ enum: FLAG_KINDS }).notNull().default('exact'),
    /** Compared exactly, or ignoring case. */
    caseSensitive: boolean().notNull().default(true),
    /** The order the lab's author gave them in. */
    position: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lab_flags_lab_id_idx').on(table.labId),
    check('lab_flags_value_check', sql`length(${table.value}) between 1 and 500`),
    check('lab_flags_kind_check', oneOf(table.kind, FLAG_KINDS)),
  ],
);

/** Every flag submitted, right or wrong, for the classroom's teacher. */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    classroomId: cascadeReference(() => classrooms.id),
    labId: cascadeReference(() => labs.id),
    userId: cascadeReference(() => users.id),
    /** What was typed; shown to the classroom's managers only. */
    flag: text().notNull(),
    correct: boolean().notNull(),
    /** A refused flag that was this user's per-student target flag: a suspected shared flag. */
    sharedFlagOwnerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A classroom's activity and solves over time.
    index('submissions_classroom_id_submitted_at_idx').on(table.classroomId, table.submittedAt),
    // A member's own history for a lab.
    index('submissions_user_id_lab_id_idx').on(table.userId, table.labId),
    index('submissions_lab_id_idx').on(table.labId),
    // A classroom's suspected shared flags.
    index('submissions_shared_flag_idx')
      .on(table.classroomId)
      .where(sql`${table.sharedFlagOwnerId} is not null`),
  ],
);

/**
 * A member's first correct flag for a lab of a classroom: at most one per classroom, lab and
 * member. Points are the lab's, counted while the lab is in the classroom.
 */
export const solves = pgTable(
  'solves',
  {
    classroomId: cascadeReference(() => classrooms.id),
    userId: cascadeReference(() => users.id),
    labId: cascadeReference(() => labs.id),
    solvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Leaderboard: a classroom's solves grouped by member.
    primaryKey({ name: 'solves_pkey', columns: [table.classroomId, table.userId, table.labId] }),
    // A lab's solves in a classroom, first first: its first solver is the index's first entry.
    index('solves_classroom_id_lab_id_solved_at_idx').on(
      table.classroomId,
      table.labId,
      table.solvedAt,
    ),
    // A student's recent solves across classrooms (dashboard).
    index('solves_user_id_solved_at_idx').on(table.userId, table.solvedAt),
  ],
);
