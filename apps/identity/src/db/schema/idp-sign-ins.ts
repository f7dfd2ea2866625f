import { index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProviderRole } from './federated-identities';
import { identitySchema } from './identity-schema';
import { signInProviders } from './sign-in-providers';

/** Who the provider said signed in, once their ID token was checked. */
export interface ProviderIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  displayName?: string | undefined;
  photoUrl?: string | undefined;
  role: ProviderRole;
}

/**
 * One trip to a provider and back. Started by createAuthUri (state, nonce and PKCE verifier kept
 * here, never in the browser); completed when the provider's code is exchanged and its ID token
 * checked; consumed when signInWithIdp turns the pending token into a session. Every secret is
 * kept as its SHA-256.
 */
export const idpSignIns = identitySchema.table(
  'idp_sign_ins',
  {
    sessionHash: text().primaryKey(),
    stateHash: text().notNull().unique(),
    providerId: text()
      .notNull()
      .references(() => signInProviders.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    /** The redirect URI sent to the provider; the answer must come back to exactly this one. */
    redirectUri: text().notNull(),
    /** Where the sign-in page sends the person back to in the app, and the app's id of the trip. */
    returnUrl: text(),
    eventId: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** When the provider's code was redeemed: a code or a state comes back once. */
    answeredAt: timestamp({ withTimezone: true, mode: 'date' }),
    identity: jsonb().$type<ProviderIdentity>(),
    pendingTokenHash: text().unique(),
    consumedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [index('idp_sign_ins_expires_at_idx').on(table.expiresAt)],
);

export type IdpSignIn = typeof idpSignIns.$inferSelect;
