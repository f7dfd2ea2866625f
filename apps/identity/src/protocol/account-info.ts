import type { Account, FederatedIdentity } from '../db/schema';
import { firstValidIssuedAt } from '../tokens/id-token-claims';

/**
 * Stands in for the password hash, which never leaves the service. The SDK counts a user as
 * anonymous unless this field is non-empty, as Google's service does with its own placeholder.
 */
const PASSWORD_HASH_PLACEHOLDER = Buffer.from('REDACTED').toString('base64');

const ms = (instant: Date) => String(instant.getTime());

/**
 * One entry of `accounts:lookup`'s `users`, in the protocol's field names and types: a password
 * entry when the account has a password, and one per provider it is linked to.
 */
export function accountInfo(account: Account, links: FederatedIdentity[]) {
  const profile = {
    ...(account.displayName ? { displayName: account.displayName } : {}),
    ...(account.photoUrl ? { photoUrl: account.photoUrl } : {}),
  };
  return {
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    ...profile,
    ...(account.passwordHash ? { passwordHash: PASSWORD_HASH_PLACEHOLDER } : {}),
    passwordUpdatedAt: account.passwordUpdatedAt.getTime(),
    validSince: String(firstValidIssuedAt(account)),
    disabled: account.disabled,
    createdAt: ms(account.createdAt),
    lastLoginAt: ms(account.lastLoginAt ?? account.createdAt),
    ...(Object.keys(account.customClaims).length > 0
      ? { customAttributes: JSON.stringify(account.customClaims) }
      : {}),
    providerUserInfo: [
      ...(account.passwordHash
        ? [
            {
              providerId: 'password',
              rawId: account.email,
              federatedId: account.email,
              email: account.email,
              ...profile,
            },
          ]
        : []),
      ...links.map((link) => ({
        providerId: link.providerId,
        rawId: link.subject,
        federatedId: link.subject,
        ...(link.email ? { email: link.email } : {}),
        ...(link.displayName ? { displayName: link.displayName } : {}),
      })),
    ],
  };
}
