import { boolean, text, timestamp } from 'drizzle-orm/pg-core';
import { identitySchema } from './identity-schema';

/**
 * An OpenID Connect provider people may sign in with: a school's Google Workspace, Entra ID or
 * Keycloak. `id` is the protocol's provider id, `oidc.<name>`, as a Firebase project names its own.
 */
export const signInProviders = identitySchema.table('sign_in_providers', {
  id: text().primaryKey(),
  displayName: text().notNull(),
  /** The issuer, whose discovery document names every other address of the provider. */
  issuer: text().notNull(),
  clientId: text().notNull(),
  /** The client secret, sealed under IDENTITY_KEY_SECRET as the signing keys are. */
  clientSecretSealed: text().notNull(),
  scopes: text().array().notNull(),
  /** The email domains that may sign in through it; empty lets any address in. */
  allowedDomains: text().array().notNull(),
  /** Addresses of these domains become teachers. */
  teacherDomains: text().array().notNull(),
  /** A claim of the ID token (such as `groups`) whose values below make a teacher. */
  teacherClaim: text(),
  teacherClaimValues: text().array().notNull(),
  /** Password sign-in and sign-up are refused for `allowedDomains`: school accounts only. */
  schoolAccountsOnly: boolean().notNull().default(false),
  enabled: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type SignInProvider = typeof signInProviders.$inferSelect;
