import {
  ACTIVE_TARGET_STATES,
  ATTACK_BOX_KIND,
  RUNNING_TARGET_KINDS,
  TARGET_FLAG_MODES,
  TARGET_KINDS,
  TARGET_STATES,
  type TargetEnvVariable,
} from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { classrooms } from './classrooms';
import { labs } from './labs';
import { oneOf } from './one-of';
import { users } from './users';

const isActive = (state: unknown) => oneOf(state, ACTIVE_TARGET_STATES);

/** A lab's live target as its author defined it: at most one per lab. */
export const labTargets = pgTable(
  'lab_targets',
  {
    labId: uuid()
      .primaryKey()
      .references(() => labs.id, { onDelete: 'cascade' }),
    image: text().notNull(),
    port: integer().notNull(),
    kind: text({ enum: TARGET_KINDS }).notNull(),
    env: jsonb().$type<TargetEnvVariable[]>().notNull().default([]),
    memoryMb: integer().notNull(),
    cpus: real().notNull(),
    pids: integer().notNull(),
    lifetimeMinutes: integer().notNull(),
    extendable: boolean().notNull(),
    outbound: boolean().notNull().default(false),
    flagMode: text({ enum: TARGET_FLAG_MODES }).notNull().default('static'),
    flagPrefix: text().notNull().default(''),
    flagSuffix: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('lab_targets_kind_check', oneOf(table.kind, TARGET_KINDS)),
    check('lab_targets_flag_mode_check', oneOf(table.flagMode, TARGET_FLAG_MODES)),
    check('lab_targets_port_check', sql`${table.port} between 1 and 65535`),
  ],
);

/**
 * Every target a student started, kept after it ends: its per-student flag still counts, and the
 * history shows who ran what when. A student's attack box is a target of no lab.
 */
export const targets = pgTable(
  'targets',
  {
    id: uuid().primaryKey().defaultRandom(),
    labId: uuid().references(() => labs.id, { onDelete: 'cascade' }),
    classroomId: cascadeReference(() => classrooms.id),
    userId: cascadeReference(() => users.id),
    kind: text({ enum: RUNNING_TARGET_KINDS }).notNull(),
    state: text({ enum: TARGET_STATES }).notNull().default('starting'),
    /** The engine's id for its container, once created. */
    containerId: text(),
    /** The port of LAB_PORT_RANGE held for it (see TargetLaunch.hostPort). */
    hostPort: integer(),
    /** Where HackClass's proxy and tunnel reach it, as its driver answered once it started. */
    reachHost: text(),
    reachPort: integer(),
    /** Where students' own tools reach it: a TCP target the operator exposes. */
    exposedHost: text(),
    exposedPort: integer(),
    /** Its own flag in per-student mode; null when the lab's flags apply. */
    flag: text(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** An attack box's last keystroke (at most a minute old while typed in): its idle time. */
    activeAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('targets_state_check', oneOf(table.state, TARGET_STATES)),
    check('targets_kind_check', oneOf(table.kind, RUNNING_TARGET_KINDS)),
    check(
      'targets_box_lab_check',
      sql`(${oneOf(table.kind, [ATTACK_BOX_KIND])}) = (${table.labId} is null)`,
    ),
    // One target per student and lab while it holds a container: two starts at once make one.
    uniqueIndex('targets_active_user_lab_key')
      .on(table.userId, table.labId)
      .where(isActive(table.state)),
    // One attack box per student at a time, likewise.
    uniqueIndex('targets_active_user_box_key')
      .on(table.userId)
      .where(sql`${table.labId} is null and ${isActive(table.state)}`),
    // A published port belongs to one target at a time.
    uniqueIndex('targets_active_host_port_key').on(table.hostPort).where(isActive(table.state)),
    // The classroom's Targets view and its running count.
    index('targets_active_classroom_id_idx').on(table.classroomId).where(isActive(table.state)),
    // The janitor's expired targets.
    index('targets_active_expires_at_idx').on(table.expiresAt).where(isActive(table.state)),
    // Whose per-student flag a submitted one is.
    index('targets_flag_idx').on(table.labId, table.flag).where(sql`${table.flag} is not null`),
    index('targets_user_id_idx').on(table.userId),
  ],
);

/** Single-use Open tickets of HTTP targets, stored as hashes. */
export const targetTickets = pgTable(
  'target_tickets',
  {
    tokenHash: text().primaryKey(),
    targetId: cascadeReference(() => targets.id),
    userId: cascadeReference(() => users.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('target_tickets_expires_at_idx').on(table.expiresAt)],
);

/**
 * This deployment: one row, made at first start. Its id labels the containers it owns, its
 * secret signs the target proxy's cookies on every replica.
 */
export const deployment = pgTable(
  'deployment',
  {
    singleton: boolean().primaryKey().default(true),
    id: uuid().notNull().defaultRandom(),
    proxySecret: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('deployment_singleton_check', sql`${table.singleton}`)],
);
