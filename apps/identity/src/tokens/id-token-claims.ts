import type { Account, ProviderRole } from '../db/schema';

export const ID_TOKEN_LIFETIME_SECONDS = 3600;

/** Claims the service sets itself; custom claims by these names are refused or overridden. */
export const RESERVED_CLAIMS = [
  'acr',
  'amr',
  'at_hash',
  'aud',
  'auth_time',
  'azp',
  'cnf',
  'c_hash',
  'email',
  'email_verified',
  'exp',
  'firebase',
  'iat',
  'iss',
  'jti',
  'name',
  'nbf',
  'nonce',
  'picture',
  'provider_role',
  'sub',
  'user_id',
] as const;

export const issuerOf = (projectId: string) => `https://securetoken.google.com/${projectId}`;

const seconds = (instant: Date) => Math.floor(instant.getTime() / 1000);

/**
 * The first `iat` an account's tokens may carry: tokens issued before `validSince` (a password
 * change, a disabling) are refused. `iat` counts whole seconds, so the line is drawn at the next
 * whole second, or a token issued earlier in the same second would pass.
 */
export const firstValidIssuedAt = (account: Pick<Account, 'validSince'>) =>
  Math.ceil(account.validSince.getTime() / 1000);

/** The provider a session signed in through, and what its rules made of the person. */
export interface ProviderSignIn {
  providerId: string;
  subject: string;
  role: ProviderRole;
}

/**
 * The payload of an ID token: custom claims first, so the reserved claims always win. A session
 * that signed in through a provider says which (`firebase.sign_in_provider`, as Google's service
 * does) and carries the role its rules gave (`provider_role`).
 */
export function idTokenClaims(
  account: Account,
  {
    projectId,
    authTime,
    now,
    provider,
  }: { projectId: string; authTime: Date; now: Date; provider?: ProviderSignIn | undefined },
): Record<string, unknown> {
  // A token minted after a revocation, within its second, is dated at the line (under a second
  // ahead; verifiers allow seconds of clock skew).
  const issuedAt = Math.max(seconds(now), firstValidIssuedAt(account));
  return {
    ...account.customClaims,
    iss: issuerOf(projectId),
    aud: projectId,
    auth_time: seconds(authTime),
    user_id: account.uid,
    sub: account.uid,
    iat: issuedAt,
    exp: issuedAt + ID_TOKEN_LIFETIME_SECONDS,
    email: account.email,
    email_verified: account.emailVerified,
    ...(account.displayName ? { name: account.displayName } : {}),
    ...(account.photoUrl ? { picture: account.photoUrl } : {}),
    ...(provider ? { provider_role: provider.role } : {}),
    firebase: {
      identities: {
        email: [account.email],
        ...(provider ? { [provider.providerId]: [provider.subject] } : {}),
      },
      sign_in_provider: provider?.providerId ?? 'password',
    },
  };
}
