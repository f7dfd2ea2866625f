import { index, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { identitySchema } from './identity-schema';
import { signInProviders } from './sign-in-providers';

export const providerRoles = ['teacher', 'student'] as const;
export type ProviderRole = (typeof providerRoles)[number];

/**
 * An account's identity at a provider: the provider's `sub`, never its email, says who signs in.
 * Removing the provider removes its links; the accounts stay.
 */
export const federatedIdentities = identitySchema.table(
  'federated_identities',
  {
    providerId: text()
      .notNull()
      .references(() => signInProviders.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    uid: text()
      .notNull()
      .references(() => accounts.uid, { onDelete: 'cascade' }),
    email: text(),
    displayName: text(),
    /** What the provider's role rules made of this person at their last sign-in. */
    role: text({ enum: providerRoles }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    lastSignInAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.subject] }),
    // One identity per provider and account.
    uniqueIndex('federated_identities_provider_uid_key').on(table.providerId, table.uid),
    index('federated_identities_uid_idx').on(table.uid),
  ],
);

export type FederatedIdentity = typeof federatedIdentities.$inferSelect;
