import {
  LAB_CATEGORIES,
  LAB_DIFFICULTIES,
  LAB_POINTS,
  LAB_SCORINGS,
  LATE_PERCENT,
} from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
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
    /** Fixed, or the most a dynamic lab is worth (its first solver's points). */
    points: integer().notNull(),
    scoring: text({ enum: LAB_SCORINGS }).notNull().default('fixed'),
    /** Dynamic scoring: the least the lab is worth, reached after `decay` solves. */
    minimumPoints: integer(),
    decay: integer(),
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
    check('labs_scoring_check', oneOf(table.scoring, LAB_SCORINGS)),
    check(
      'labs_dynamic_scoring_check',
      sql`${table.scoring} = 'fixed' or (${table.minimumPoints} between 0 and ${table.points}
        and ${table.decay} >= 1)`,
    ),
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
    /** Hidden from students until then; null: open from the start. */
    opensAt: timestamp({ withTimezone: true }),
    /** Solves after it are late; null: no due date. */
    dueAt: timestamp({ withTimezone: true }),
    /** What a late solve earns, in percent of the lab's points. */
    latePercent: smallint().notNull().default(LATE_PERCENT.default),
    /** When its members were told it is open: at once, or by `announceOpenedLabs` when it opens. */
    announcedAt: timestamp({ withTimezone: true }),
    /**
     * Solves of the lab here, by whoever made them (what a dynamic lab's value decays with), and
     * those of them by accepted members (the count shown): kept with every change of solves or
     * memberships (`recountLabSolves`), so a classroom's labs read the same in a class of 500 as
     * in one of 10.
     */
    solveCount: integer().notNull().default(0),
    memberSolveCount: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'classroom_labs_pkey', columns: [table.classroomId, table.labId] }),
    // Which classrooms use a lab: deleting a lab and a student's view of their labs.
    index('classroom_labs_lab_id_idx').on(table.labId),
    // Labs that open later and have not been announced: what the schedule clock looks for.
    index('classroom_labs_unannounced_idx')
      .on(table.opensAt)
      .where(sql`${table.announcedAt} is null`),
    check(
      'classroom_labs_late_percent_check',
      sql`${table.latePercent} between ${sql.raw(String(LATE_PERCENT.min))} and ${sql.raw(String(LATE_PERCENT.max))}`,
    ),
    check(
      'classroom_labs_schedule_check',
      sql`${table.opensAt} is null or ${table.dueAt} is null or ${table.opensAt} < ${table.dueAt}`,
    ),
  ],
);

/**
 * A classroom lab's unlock path: it opens to a student once they solved every lab it requires
 * here. Both ends are labs of the classroom, so a lab leaving the classroom leaves every path.
 */
export const classroomLabRequirements = pgTable(
  'classroom_lab_requirements',
  {
    classroomId: uuid().notNull(),
    labId: uuid().notNull(),
    requiredLabId: uuid().notNull(),
  },
  (table) => [
    primaryKey({
      name: 'classroom_lab_requirements_pkey',
      columns: [table.classroomId, table.labId, table.requiredLabId],
    }),
    foreignKey({
      name: 'classroom_lab_requirements_lab_fk',
      columns: [table.classroomId, table.labId],
      foreignColumns: [classroomLabs.classroomId, classroomLabs.labId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'classroom_lab_requirements_required_lab_fk',
      columns: [table.classroomId, table.requiredLabId],
      foreignColumns: [classroomLabs.classroomId, classroomLabs.labId],
    }).onDelete('cascade'),
    // What a lab opens: found when a requirement's lab leaves.
    index('classroom_lab_requirements_required_idx').on(table.classroomId, table.requiredLabId),
    check('classroom_lab_requirements_self_check', sql`${table.labId} <> ${table.requiredLabId}`),
  ],
);
