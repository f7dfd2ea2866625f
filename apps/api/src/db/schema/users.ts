import { ROLE, ROLE_IDS } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The identity provider's uid: the `sub` of the user's ID tokens. */
    identityUid: text().notNull(),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    displayName: text(),
    photoUrl: text(),
    roleId: smallint().notNull().default(ROLE.student),
    /** Set by an admin; the identity account is disabled with it and the API refuses the user. */
    disabledAt: timestamp({ withTimezone: true }),
    /**
     * When they signed up as a teacher, until an admin approves them (or sets any role). With
     * TEACHER_APPROVAL they are a student awaiting approval meanwhile; without it a teacher, on
     * the lower invitation allowance (INVITATIONS_PER_DAY_UNAPPROVED).
     */
    teacherRequestedAt: timestamp({ withTimezone: true }),
    /**
     * Whether they may still choose student or teacher: only users made on first sight of a
     * token, whose account was made elsewhere (a Firebase project), until they choose or an
     * admin sets their role.
     */
    signUpRoleOpen: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Every authenticated request finds its user by the token's uid.
    uniqueIndex('users_identity_uid_key').on(table.identityUid),
    // Invitations by email and admin search look users up by email, case-insensitively.
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    // Admins list the teachers awaiting approval: few rows among many users.
    index('users_teacher_requested_at_idx')
      .on(table.teacherRequestedAt)
      .where(sql`${table.teacherRequestedAt} is not null`),
    check('users_role_id_check', sql`${table.roleId} in (${sql.raw(ROLE_IDS.join(', '))})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
