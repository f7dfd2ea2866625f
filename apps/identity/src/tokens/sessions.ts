import { findAccount } from '../accounts/accounts';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { providerSignInOf } from '../federation/federated-identities';
import { ProtocolError } from '../protocol/errors';
import {
  firstValidIssuedAt,
  ID_TOKEN_LIFETIME_SECONDS,
  type ProviderSignIn,
} from './id-token-claims';
import { signIdToken, type VerifiedClaims, verifyIdToken } from './id-tokens';
import { issueRefreshToken, redeemRefreshToken, startFamily } from './refresh-tokens';

export interface Tokens {
  idToken: string;
  refreshToken: string;
  /** A string, as the protocol sends it. */
  expiresIn: string;
}

/**
 * The tokens of a fresh sign-in (or of a password change, which counts as one), through
 * `provider` when the person signed in at one.
 */
export async function startSession(
  ctx: IdentityContext,
  account: Account,
  provider?: ProviderSignIn,
): Promise<Tokens> {
  const refreshToken = await startFamily(ctx, account.uid, provider?.providerId ?? null);
  return {
    idToken: await signIdToken(ctx, account, ctx.now(), provider),
    refreshToken,
    expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
  };
}

/** Exchanges a refresh token for a new ID token and the token's successor in its family. */
export async function refreshSession(
  ctx: IdentityContext,
  refreshToken: string,
): Promise<Tokens & { uid: string }> {
  const { session, assertUsable } = await redeemRefreshToken(ctx, refreshToken);
  const account = await findAccount(ctx, session.uid);
  if (!account) throw new ProtocolError('USER_NOT_FOUND');
  if (account.disabled) throw new ProtocolError('USER_DISABLED');
  await assertUsable();
  // A session through a provider lasts as long as the account's link to it.
  const provider = session.signInProvider
    ? await providerSignInOf(ctx, session.signInProvider, account.uid)
    : undefined;
  if (session.signInProvider && !provider) throw new ProtocolError('TOKEN_EXPIRED');
  return {
    uid: account.uid,
    idToken: await signIdToken(ctx, account, session.authTime, provider),
    refreshToken: await issueRefreshToken(ctx, session),
    expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
  };
}

/**
 * The account an ID token speaks for, refusing tokens issued before the account's `validSince`
 * (password changed, account disabled) even when their signature and expiry are fine.
 */
export async function authenticate(
  ctx: IdentityContext,
  idToken: string | undefined,
): Promise<{ account: Account; claims: VerifiedClaims }> {
  if (!idToken) throw new ProtocolError('MISSING_ID_TOKEN');
  const claims = await verifyIdToken(ctx, idToken);
  const account = await findAccount(ctx, claims.uid);
  if (!account) throw new ProtocolError('USER_NOT_FOUND');
  if (account.disabled) throw new ProtocolError('USER_DISABLED');
  if (claims.issuedAt < firstValidIssuedAt(account)) {
    throw new ProtocolError('TOKEN_EXPIRED');
  }
  return { account, claims };
}

/** Sensitive changes need a sign-in this recent; older sessions must sign in again first. */
export const RECENT_LOGIN_SECONDS = 5 * 60;

export function requireRecentLogin(ctx: IdentityContext, claims: VerifiedClaims): void {
  if (ctx.now().getTime() / 1000 - claims.authTime > RECENT_LOGIN_SECONDS) {
    throw new ProtocolError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
  }
}
