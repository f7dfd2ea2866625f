import type { DeleteAccountRequest } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import type { KnownUsers } from '../users/known-users';
import type { Principal } from '../users/principal';
import type { Revocations } from '../users/revocations';
import { deleteProductUser } from './delete-user';

/** How recent a sign-in must be to delete the account, as the identity service asks too. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export interface AccountDeletion {
  db: ApiDatabase;
  identityAdmin: IdentityAdmin;
  revocations: Revocations;
  knownUsers: KnownUsers;
}

/**
 * Deletes the caller's identity account and their product user in one flow, once they typed
 * their email address again; a stolen token alone cannot, as the password must have been
 * entered in the last few minutes. The caller's tokens are refused from now on.
 */
export async function deleteOwnAccount(
  { db, identityAdmin, revocations, knownUsers }: AccountDeletion,
  { token, user }: Extract<Principal, { via: 'id-token' }>,
  { email }: DeleteAccountRequest,
  now = Date.now(),
): Promise<void> {
  if (email.toLowerCase() !== user.email.toLowerCase()) throw apiErrors.deletionNotConfirmed();
  if (token.authTime < now / 1000 - RECENT_SIGN_IN_SECONDS) {
    throw apiErrors.recentSignInRequired();
  }
  await identityAdmin.deleteAccount(user.identityUid);
  revocations.revoke(user.identityUid, Number.POSITIVE_INFINITY, now);
  await deleteProductUser(db, user.identityUid);
  knownUsers.forget(user.identityUid);
}
