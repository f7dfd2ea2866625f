import type { Account } from '../db/schema';
import { firstValidIssuedAt } from '../tokens/id-token-claims';

/**
 * Stands in for the password hash, which never leaves the service. The SDK counts a user as
 * anonymous unless this field is non-empty, as Google's service does with its own placeholder.
 */
const PASSWORD_HASH_PLACEHOLDER = Buffer.from('REDACTED').toString('base64');

const ms = (instant: Date) => String(instant.getTime());

/** One entry of `accounts:lookup`'s `users`, in the protocol's field names and types. */
export function accountInfo(account: Account) {
  const profile = {
    ...(account.displayName ? { displayName: account.displayName } : {}),
    ...(account.photoUrl ? { photoUrl: account.photoUrl } : {}),
  };
  return {
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    ...profile,
    passwordHash: PASSWORD_HASH_PLACEHOLDER,
    passwordUpdatedAt: account.passwordUpdatedAt.getTime(),
    validSince: String(firstValidIssuedAt(account)),
    disabled: account.disabled,
    createdAt: ms(account.createdAt),
    lastLoginAt: ms(account.lastLoginAt ?? account.createdAt),
    ...(Object.keys(account.customClaims).length > 0
      ? { customAttributes: JSON.stringify(account.customClaims) }
      : {}),
    providerUserInfo: [
      {
        providerId: 'password',
        rawId: account.email,
        federatedId: account.email,
        email: account.email,
        ...profile,
      },
    ],
  };
}
