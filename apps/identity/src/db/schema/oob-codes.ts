import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { identitySchema } from './identity-schema';

export const oobCodeKinds = ['VERIFY_EMAIL', 'PASSWORD_RESET'] as const;
export type OobCodeKind = (typeof oobCodeKinds)[number];

export const oobCodes = identitySchema.table(
  'oob_codes',
  {
    /** SHA-256 of the code, hex; the code itself only ever exists in the mail. */
    codeHash: text().primaryKey(),
    uid: text()
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    kind: text({ enum: oobCodeKinds }).notNull(),
    /** The address the code was sent to: a code is void once the account's address changes. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // A confirmed reset voids the account's other outstanding reset codes.
    index('oob_codes_uid_kind_idx').on(table.uid, table.kind),
  ],
);

export type OobCode = typeof oobCodes.$inferSelect;
