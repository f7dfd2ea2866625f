import { normalizeEmail } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { users } from '../db/schema';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import { type Actor, isAdmin } from '../policies/actors';
import type { TargetService } from '../targets/service';
import { stopTargetsWhere } from '../targets/stop-targets';
import type { KnownUsers } from '../users/known-users';
import type { Revocations } from '../users/revocations';
import { deleteProductUser } from './delete-user';

export interface UserAccountDeletion {
  db: ApiDatabase;
  identityAdmin: IdentityAdmin;
  revocations: Revocations;
  knownUsers: KnownUsers;
  targets: TargetService;
}

/**
 * An admin deletes someone else's account, once they typed its email address: what goes and
 * what stays is as when its owner deletes it (`deleteOwnAccount`). Its live targets stop first;
 * its tokens are refused from now on. Admins delete their own account from their profile.
 */
export async function deleteUserAccount(
  { db, identityAdmin, revocations, knownUsers, targets }: UserAccountDeletion,
  actor: Actor,
  userId: string,
  typedEmail: string,
  now = Date.now(),
): Promise<void> {
  if (!isAdmin(actor)) throw apiErrors.forbidden('Only admins delete other people’s accounts');
  if (userId === actor.id) throw apiErrors.cannotDeleteSelf();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw apiErrors.notFound('User not found');
  if (normalizeEmail(typedEmail) !== normalizeEmail(user.email)) {
    throw apiErrors.deletionNotConfirmed('Type the account’s email address to delete it');
  }
  await stopTargetsWhere(targets, { userId });
  await identityAdmin.deleteAccount(user.identityUid);
  revocations.revoke(user.identityUid, Number.POSITIVE_INFINITY, now);
  await deleteProductUser(db, user.identityUid);
  knownUsers.forget(user.identityUid);
}
