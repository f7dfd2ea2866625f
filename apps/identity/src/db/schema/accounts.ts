import { sql } from 'drizzle-orm';
import { boolean, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identitySchema } from './identity-schema';

export const accounts = identitySchema.table(
  'accounts',
  {
    /** The `sub` and `user_id` of the account's ID tokens. */
    uid: text().primaryKey(),
    /** Stored lower-cased, as the protocol treats addresses case-insensitively. */
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    displayName: text(),
    photoUrl: text(),
    /**
     * `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised. None
     * for an account made through a provider, until its holder sets a password.
     */
    passwordHash: text(),
    passwordUpdatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** ID tokens issued before this instant are refused (TOKEN_EXPIRED). */
    validSince: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    disabled: boolean().notNull().default(false),
    customClaims: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // Sign-in and password reset find the account by its address; one account per address.
    uniqueIndex('accounts_email_key').on(sql`lower(${table.email})`),
  ],
);

export type Account = typeof accounts.$inferSelect;
