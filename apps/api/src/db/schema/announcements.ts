import { ANNOUNCEMENT_MAX_LENGTH } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { users } from './users';

/** A teacher's message to a classroom, shown newest first on its overview. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid().primaryKey().defaultRandom(),
    classroomId: cascadeReference(() => classrooms.id),
    /** Kept when the author's account goes. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Markdown. */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('announcements_classroom_id_created_at_idx').on(
      table.classroomId,
      table.createdAt.desc(),
    ),
    check(
      'announcements_body_check',
      sql`length(${table.body}) between 1 and ${sql.raw(String(ANNOUNCEMENT_MAX_LENGTH))}`,
    ),
  ],
);
