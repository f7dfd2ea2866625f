import {
  type SignInProvider as ProviderView,
  type SignInProviderSettings,
  signInProviderInputSchema,
} from '@hackclass/contracts';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { type SignInProvider, signInProviders } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { sealClientSecret } from './client-secrets';
import { isAllowedProviderUrl } from './provider-metadata';

/** Checks an admin's provider settings, with the first problem as the error's message. */
export function parseProviderSettings(input: unknown): SignInProviderSettings {
  const parsed = signInProviderInputSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.join('.') || 'provider';
    throw new ProtocolError('INVALID_ARGUMENT', `${where}: ${issue?.message ?? 'invalid'}`);
  }
  if (!isAllowedProviderUrl(new URL(parsed.data.issuer))) {
    throw new ProtocolError(
      'INVALID_ARGUMENT',
      'issuer: a provider is reached over HTTPS (plain HTTP only on this machine)',
    );
  }
  return parsed.data;
}

export function presentProvider(provider: SignInProvider): ProviderView {
  return {
    id: provider.id,
    displayName: provider.displayName,
    issuer: provider.issuer,
    clientId: provider.clientId,
    scopes: provider.scopes,
    allowedDomains: provider.allowedDomains,
    teacherDomains: provider.teacherDomains,
    teacherClaim: provider.teacherClaim,
    teacherClaimValues: provider.teacherClaimValues,
    schoolAccountsOnly: provider.schoolAccountsOnly,
    enabled: provider.enabled,
    createdAt: provider.createdAt.toISOString(),
    updatedAt: provider.updatedAt.toISOString(),
  };
}

export function listProviders(ctx: IdentityContext): Promise<SignInProvider[]> {
  return ctx.db.select().from(signInProviders).orderBy(asc(signInProviders.displayName));
}

export async function findProvider(
  ctx: IdentityContext,
  id: string,
): Promise<SignInProvider | undefined> {
  const [provider] = await ctx.db.select().from(signInProviders).where(eq(signInProviders.id, id));
  return provider;
}

/**
 * Adds a provider or changes one. A new provider needs its client secret; a change without one
 * keeps the secret stored.
 */
export async function saveProvider(
  ctx: IdentityContext,
  settings: SignInProviderSettings,
): Promise<SignInProvider> {
  const existing = await findProvider(ctx, settings.id);
  if (!existing && !settings.clientSecret) {
    throw new ProtocolError('INVALID_ARGUMENT', 'clientSecret: Enter the client secret');
  }
  const { clientSecret, ...fields } = settings;
  const clientSecretSealed = clientSecret
    ? await sealClientSecret(ctx.keySealer, settings.id, clientSecret)
    : (existing?.clientSecretSealed as string);
  const now = ctx.now();
  const [saved] = await ctx.db
    .insert(signInProviders)
    .values({ ...fields, clientSecretSealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: signInProviders.id,
      set: { ...fields, clientSecretSealed, updatedAt: now },
    })
    .returning();
  if (!saved) throw new Error('provider upsert returned nothing');
  ctx.providers.forget(saved.issuer);
  if (existing) ctx.providers.forget(existing.issuer);
  return saved;
}

/** Removes a provider and its accounts' links to it; the accounts themselves stay. */
export async function removeProvider(ctx: IdentityContext, id: string): Promise<boolean> {
  const removed = await ctx.db
    .delete(signInProviders)
    .where(eq(signInProviders.id, id))
    .returning({ issuer: signInProviders.issuer });
  for (const { issuer } of removed) ctx.providers.forget(issuer);
  return removed.length > 0;
}

/**
 * The provider that holds the email's domain to school accounts only, if any: password sign-up
 * and sign-in are refused for its addresses. Asked on every password sign-in: one row at most.
 */
async function schoolOnlyProviderOf(
  ctx: IdentityContext,
  email: string,
): Promise<Pick<SignInProvider, 'displayName'> | undefined> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const [provider] = await ctx.db
    .select({ displayName: signInProviders.displayName })
    .from(signInProviders)
    .where(
      and(
        eq(signInProviders.enabled, true),
        eq(signInProviders.schoolAccountsOnly, true),
        arrayContains(signInProviders.allowedDomains, [domain]),
      ),
    )
    .limit(1);
  return provider;
}

/** Refuses a password for an address whose domain signs in with its school's accounts only. */
export async function refuseSchoolOnlyPassword(ctx: IdentityContext, email: string) {
  const provider = await schoolOnlyProviderOf(ctx, email);
  if (provider) {
    throw new ProtocolError(
      'PASSWORD_LOGIN_DISABLED',
      `Accounts of ${email.slice(email.lastIndexOf('@') + 1)} sign in with ${provider.displayName}`,
    );
  }
}
