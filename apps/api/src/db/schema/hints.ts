import { HINT_CONTENT_MAX_LENGTH, LAB_POINTS } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
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
import { users } from './users';

/** A lab's hints in their author's order; a hint's cost comes off what the lab earns. */
export const labHints = pgTable(
  'lab_hints',
  {
    id: uuid().primaryKey().defaultRandom(),
    labId: cascadeReference(() => labs.id),
    /** Markdown, shown once unlocked. */
    content: text().notNull(),
    cost: integer().notNull().default(0),
    position: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lab_hints_lab_id_idx').on(table.labId, table.position),
    check(
      'lab_hints_content_check',
      sql`length(${table.content}) between 1 and ${sql.raw(String(HINT_CONTENT_MAX_LENGTH))}`,
    ),
    check(
      'lab_hints_cost_check',
      sql`${table.cost} between 0 and ${sql.raw(String(LAB_POINTS.max))}`,
    ),
  ],
);

/** A member opened a hint in a classroom: its cost counts against the lab there. */
export const hintUnlocks = pgTable(
  'hint_unlocks',
  {
    classroomId: cascadeReference(() => classrooms.id),
    userId: cascadeReference(() => users.id),
    hintId: uuid()
      .notNull()
      .references(() => labHints.id, { onDelete: 'cascade' }),
    unlockedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'hint_unlocks_pkey',
      columns: [table.classroomId, table.userId, table.hintId],
    }),
    // Who unlocked a hint, for the teacher; and a hint's deletion.
    index('hint_unlocks_hint_id_idx').on(table.hintId),
  ],
);
