import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { identitySchema } from './identity-schema';

export const refreshTokens = identitySchema.table(
  'refresh_tokens',
  {
    /** SHA-256 of the token, hex: a stolen table holds nothing that can be replayed. */
    tokenHash: text().primaryKey(),
    uid: text()
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares its family; reuse revokes the family. */
    familyId: uuid().notNull(),
    /** The sign-in instant, carried into every ID token of the family as `auth_time`. */
    authTime: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** The provider the sign-in went through (`oidc.…`); none for a password. */
    signInProvider: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** When the token was exchanged for its successor; it stays good for a short grace. */
    rotatedAt: timestamp({ withTimezone: true, mode: 'date' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // Reuse detection revokes a whole family at once.
    index('refresh_tokens_family_id_idx').on(table.familyId),
    // Password change, reset, disable and revokeToken revoke all tokens of one account.
    index('refresh_tokens_uid_idx').on(table.uid),
  ],
);

export type RefreshToken = typeof refreshTokens.$inferSelect;
