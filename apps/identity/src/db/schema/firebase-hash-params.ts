import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { identitySchema } from './identity-schema';

/**
 * A Firebase project's password hash parameters, one row per import, named by the hashes of
 * the accounts it brought (`firebase-scrypt$<id>$salt$hash`). The signer key acts as a pepper
 * and still protects the live Firebase project, so it is only kept sealed; the row goes when the
 * last account naming it has been re-hashed.
 */
export const firebaseHashParams = identitySchema.table('firebase_hash_params', {
  id: text().primaryKey(),
  /** scrypt's block size r. */
  rounds: integer().notNull(),
  /** log2 of scrypt's cost N. */
  memCost: integer().notNull(),
  /** base64. */
  saltSeparator: text().notNull(),
  /** The signer key as an `oct` JWK, sealed with IDENTITY_KEY_SECRET like the signing keys. */
  sealedSignerKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type FirebaseHashParamsRow = typeof firebaseHashParams.$inferSelect;
