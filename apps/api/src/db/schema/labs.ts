import { LAB_CATEGORIES, LAB_DIFFICULTIES, LAB_POINTS } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { oneOf } from './one-of';
import { users } from './users';

export const labs = pgTable(
  'labs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** URL name derived from the name; unique across the instance. */
    slug: text().notNull(),
    name: text().notNull(),
    /** Markdown. */
    description: text().notNull().default(''),
    difficulty: text({ enum: LAB_DIFFICULTIES }).notNull(),
    category: text({ enum: LAB_CATEGORIES }).notNull(),
    points: integer().notNull(),
    creatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('labs_slug_key').on(table.slug),
    // Teachers list the labs they created.
    index('labs_creator_id_idx').on(table.creatorId),
    check('labs_difficulty_check', oneOf(table.difficulty, LAB_DIFFICULTIES)),
    check('labs_category_check', oneOf(table.category, LAB_CATEGORIES)),
    check(
      'labs_points_check',
      sql`${table.points} between ${sql.raw(String(LAB_POINTS.min))} and ${sql.raw(String(LAB_POINTS.max))}`,
    ),
    check('labs_slug_check', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const labFiles = pgTable(
  'lab_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    labId: cascadeReference(() => labs.id),
    /** The uploaded name, made safe for a download's Content-Disposition. */
    fileName: text().notNull(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lab_files_lab_id_idx').on(table.labId),
    uniqueIndex('lab_files_storage_key_key').on(table.storageKey),
    check('lab_files_size_check', sql`${table.size} >= 0`),
  ],
);

export const classroomLabs = pgTable(
  'classroom_labs',
  {
    classroomId: cascadeReference(() => classrooms.id),
    labId: cascadeReference(() => labs.id),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'classroom_labs_pkey', columns: [table.classroomId, table.labId] }),
    // Which classrooms use a lab: deleting a lab and a student's view of their labs.
    index('classroom_labs_lab_id_idx').on(table.labId),
  ],
);
