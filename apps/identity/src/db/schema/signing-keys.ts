import { sql } from 'drizzle-orm';
import { jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { identitySchema } from './identity-schema';

export const signingKeys = identitySchema.table(
  'signing_keys',
  {
    kid: text().primaryKey(),
    /** Kept in the database rather than DATA_DIR so every replica signs with the same key. */
    privateJwk: jsonb().$type<JWK>().notNull(),
    publicJwk: jsonb().$type<JWK>().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Null for the key in use; a retired key stays published until its tokens have expired. */
    retiredAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // At most one key signs at a time, even when replicas start or rotate together.
    uniqueIndex('signing_keys_one_current_key')
      .on(sql`(true)`)
      .where(sql`${table.retiredAt} is null`),
  ],
);

export type SigningKey = typeof signingKeys.$inferSelect;
