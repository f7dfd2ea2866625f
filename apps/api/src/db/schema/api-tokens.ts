import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { users } from './users';

/**
 * Personal API tokens, for scripts and CI. Only the SHA-256 of a token's text is kept, so the
 * table cannot be read back into working tokens; revoking one deletes its row. A user's tokens
 * go with their account.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: cascadeReference(() => users.id),
    name: text().notNull(),
    /** Hex SHA-256 of the token's text: every request that carries one finds it by this. */
    tokenHash: text().notNull().unique('api_tokens_token_hash_key'),
    /** The text's first characters, shown to tell tokens apart. */
    prefix: text().notNull(),
    scopes: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Updated at most once a minute, not on every request. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // A person's tokens, on their profile and counted against their allowance.
    index('api_tokens_user_id_idx').on(table.userId),
    check('api_tokens_scopes_check', sql`cardinality(${table.scopes}) > 0`),
  ],
);
