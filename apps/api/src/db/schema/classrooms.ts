import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const classrooms = pgTable(
  'classrooms',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    teacherName: text().notNull(),
    /** Storage key of the uploaded image, if any. */
    imageKey: text(),
    /** The image's type as detected from its bytes at upload, sent back when it is served. */
    imageContentType: text(),
    /** Eight characters without look-alikes; unique so a code names one classroom. */
    joinCode: text().notNull(),
    /** Kept when the creator's account goes, so the classroom and its members survive. */
    creatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Running live targets the classroom may have at once; null: only the operator's limits. */
    maxRunningTargets: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('classrooms_join_code_key').on(table.joinCode),
    // Teachers list the classrooms they created.
    index('classrooms_creator_id_idx').on(table.creatorId),
    check('classrooms_join_code_check', sql`${table.joinCode} ~ '^[A-Z2-9]{8}$'`),
  ],
);
