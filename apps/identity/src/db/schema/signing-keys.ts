import { sql } from 'drizzle-orm';
import { jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { identitySchema } from './identity-schema';

export const signingKeys = identitySchema.table(
  'signing_keys',
  {
    kid: text().primaryKey(),
    /**
     * The private JWK sealed with IDENTITY_KEY_SECRET (a compact JWE): kept in the database rather
     * than DATA_DIR so every replica signs with the same key, but never readable from its rows.
     */
    sealedPrivateJwk: text(),
    /** The plain private JWK of keys made before they were sealed; sealed and emptied at start. */
    privateJwk: jsonb().$type<JWK>(),
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
