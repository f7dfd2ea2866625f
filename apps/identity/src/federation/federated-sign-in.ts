import { and, eq, gt, isNull } from 'drizzle-orm';
import { findAccount, findAccountByEmail } from '../accounts/accounts';
import { newUid } from '../accounts/uid';
import type { IdentityContext } from '../context';
import {
  type Account,
  accounts,
  federatedIdentities,
  idpSignIns,
  type ProviderIdentity,
} from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import type { ProviderSignIn } from '../tokens/id-token-claims';
import { secretHash } from '../tokens/secrets';
import { findLink, providerSignInOf } from './federated-identities';
import { usableProvider } from './start-sign-in';

export type FederatedOutcome =
  | {
      kind: 'signed-in';
      account: Account;
      isNewUser: boolean;
      identity: ProviderIdentity;
      provider: ProviderSignIn;
    }
  /** An account already holds the address: its holder must prove it is theirs, then link. */
  | { kind: 'needs-confirmation'; identity: ProviderIdentity; providerId: string };

type Database = IdentityContext['db'];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const invalidPendingToken = () =>
  new ProtocolError('INVALID_PENDING_TOKEN', 'This sign-in has expired or was used: start again');

/** The answered trip a pending token stands for, unless it was redeemed or has expired. */
async function answeredTrip(ctx: IdentityContext, pendingToken: string) {
  const [trip] = await ctx.db
    .select()
    .from(idpSignIns)
    .where(
      and(
        eq(idpSignIns.pendingTokenHash, secretHash(pendingToken)),
        isNull(idpSignIns.consumedAt),
        gt(idpSignIns.expiresAt, ctx.now()),
      ),
    );
  if (!trip?.identity) throw invalidPendingToken();
  return { trip, identity: trip.identity };
}

/** Marks the trip redeemed inside `tx`: of two redemptions at once, one wins. */
async function consume(ctx: IdentityContext, tx: Transaction, sessionHash: string) {
  const [consumed] = await tx
    .update(idpSignIns)
    .set({ consumedAt: ctx.now() })
    .where(and(eq(idpSignIns.sessionHash, sessionHash), isNull(idpSignIns.consumedAt)))
    .returning({ sessionHash: idpSignIns.sessionHash });
  if (!consumed) throw invalidPendingToken();
}

function linkValues(ctx: IdentityContext, providerId: string, identity: ProviderIdentity) {
  return {
    providerId,
    subject: identity.subject,
    email: identity.email,
    displayName: identity.displayName ?? null,
    role: identity.role,
    lastSignInAt: ctx.now(),
  };
}

/**
 * Redeems a pending token. Without `linkTo`: the account linked to the provider's subject signs
 * in; a new address gets a new account (no password) linked to it; an address an account already
 * holds is never taken over, whatever the provider says of it: its holder must sign in by
 * password and link. With `linkTo` (that holder, signed in): links the identity to their account.
 */
export async function redeemPendingToken(
  ctx: IdentityContext,
  { pendingToken, linkTo }: { pendingToken: string; linkTo?: Account | undefined },
): Promise<FederatedOutcome> {
  const { trip, identity } = await answeredTrip(ctx, pendingToken);
  const provider = await usableProvider(ctx, trip.providerId);
  const signIn = { providerId: provider.id, subject: identity.subject, role: identity.role };
  const link = await findLink(ctx, provider.id, identity.subject);

  if (linkTo) {
    if (link && link.uid !== linkTo.uid)
      throw new ProtocolError('FEDERATED_USER_ID_ALREADY_LINKED');
    if (!link && (await providerSignInOf(ctx, provider.id, linkTo.uid))) {
      throw new ProtocolError('PROVIDER_ALREADY_LINKED');
    }
    await ctx.db.transaction(async (tx) => {
      await consume(ctx, tx, trip.sessionHash);
      const values = linkValues(ctx, provider.id, identity);
      const [linked] = await tx
        .insert(federatedIdentities)
        .values({ ...values, uid: linkTo.uid, createdAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ uid: federatedIdentities.uid });
      // Only a link made at this very moment by another request can be in the way.
      if (!linked && !link) throw new ProtocolError('PROVIDER_ALREADY_LINKED');
      if (!linked) {
        await tx
          .update(federatedIdentities)
          .set(values)
          .where(
            and(
              eq(federatedIdentities.providerId, provider.id),
              eq(federatedIdentities.subject, identity.subject),
            ),
          );
      }
    });
    return { kind: 'signed-in', account: linkTo, isNewUser: false, identity, provider: signIn };
  }

  if (link) {
    const account = await findAccount(ctx, link.uid);
    if (!account) throw invalidPendingToken();
    if (account.disabled) throw new ProtocolError('USER_DISABLED');
    const signedIn = await ctx.db.transaction(async (tx) => {
      await consume(ctx, tx, trip.sessionHash);
      await tx
        .update(federatedIdentities)
        .set(linkValues(ctx, provider.id, identity))
        .where(
          and(
            eq(federatedIdentities.providerId, provider.id),
            eq(federatedIdentities.subject, identity.subject),
          ),
        );
      const [updated] = await tx
        .update(accounts)
        .set({ lastLoginAt: ctx.now() })
        .where(eq(accounts.uid, account.uid))
        .returning();
      return updated ?? account;
    });
    return { kind: 'signed-in', account: signedIn, isNewUser: false, identity, provider: signIn };
  }

  if (await findAccountByEmail(ctx, identity.email)) {
    return { kind: 'needs-confirmation', identity, providerId: provider.id };
  }

  try {
    const created = await ctx.db.transaction(async (tx) => {
      await consume(ctx, tx, trip.sessionHash);
      const now = ctx.now();
      const [account] = await tx
        .insert(accounts)
        .values({
          uid: newUid(),
          email: identity.email,
          emailVerified: identity.emailVerified,
          displayName: identity.displayName ?? null,
          photoUrl: identity.photoUrl ?? null,
          passwordHash: null,
          passwordUpdatedAt: now,
          validSince: now,
          createdAt: now,
          lastLoginAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!account) throw new AddressTaken();
      await tx
        .insert(federatedIdentities)
        .values({ ...linkValues(ctx, provider.id, identity), uid: account.uid, createdAt: now });
      return account;
    });
    return { kind: 'signed-in', account: created, isNewUser: true, identity, provider: signIn };
  } catch (error) {
    // The address was taken between the check and the insert: its holder links, as above.
    if (error instanceof AddressTaken) {
      return { kind: 'needs-confirmation', identity, providerId: provider.id };
    }
    throw error;
  }
}

/** Rolls the new account back, the pending token with it, so that it can still be linked. */
class AddressTaken extends Error {}
