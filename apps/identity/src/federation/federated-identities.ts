import { and, eq } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { type FederatedIdentity, federatedIdentities } from '../db/schema';
import type { ProviderSignIn } from '../tokens/id-token-claims';

export async function findLink(
  ctx: IdentityContext,
  providerId: string,
  subject: string,
): Promise<FederatedIdentity | undefined> {
  const [link] = await ctx.db
    .select()
    .from(federatedIdentities)
    .where(
      and(eq(federatedIdentities.providerId, providerId), eq(federatedIdentities.subject, subject)),
    );
  return link;
}

/** The account's identities at providers, for `accounts:lookup`. */
export function linksOf(ctx: IdentityContext, uid: string): Promise<FederatedIdentity[]> {
  return ctx.db.select().from(federatedIdentities).where(eq(federatedIdentities.uid, uid));
}

/** What a session through `providerId` carries in its tokens, while the account is linked. */
export async function providerSignInOf(
  ctx: IdentityContext,
  providerId: string,
  uid: string,
): Promise<ProviderSignIn | undefined> {
  const [link] = await ctx.db
    .select()
    .from(federatedIdentities)
    .where(and(eq(federatedIdentities.providerId, providerId), eq(federatedIdentities.uid, uid)));
  return link && { providerId, subject: link.subject, role: link.role };
}
