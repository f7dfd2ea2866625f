import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { users } from './users';

/**
 * Teachers the classroom's creator added to run it with them: they manage everything but the
 * classroom's deletion and its creator. They are not members and never compete.
 */
export const classroomCoTeachers = pgTable(
  'classroom_co_teachers',
  {
    classroomId: cascadeReference(() => classrooms.id),
    userId: cascadeReference(() => users.id),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'classroom_co_teachers_pkey', columns: [table.classroomId, table.userId] }),
    // The classrooms a teacher co-teaches.
    index('classroom_co_teachers_user_id_idx').on(table.userId),
  ],
);
