import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { type UserRow, users } from '../db/schema';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import { type Actor, isAdmin } from '../policies/actors';
import type { TargetService } from '../targets/service';
import { stopTargetsWhere } from '../targets/stop-targets';

export interface AccountServices {
  db: ApiDatabase;
  identityAdmin: IdentityAdmin;
  /** A disabled account's live targets stop. */
  targets: TargetService;
}

/**
 * An admin disables or enables someone's account: at the identity service, so that they can no
 * longer sign in or refresh, and here, so that the API refuses the ID tokens they still hold.
 * The identity service goes first: if it refuses, nothing has changed here; if the product row
 * cannot follow, the identity change is undone. Admins cannot disable themselves. A disabled
 * account's live targets stop.
 */
export async function setUserDisabled(
  { db, identityAdmin, targets }: AccountServices,
  actor: Actor,
  userId: string,
  disabled: boolean,
): Promise<UserRow> {
  if (!isAdmin(actor)) throw apiErrors.forbidden('Only admins disable and enable accounts');
  if (userId === actor.id) throw apiErrors.cannotDisableSelf();
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target) throw apiErrors.notFound('User not found');
  await identityAdmin.setDisabled(target.identityUid, disabled);
  let updated: UserRow | undefined;
  try {
    [updated] = await db
      .update(users)
      .set({
        disabledAt: disabled ? (target.disabledAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw apiErrors.notFound('User not found');
  } catch (error) {
    await identityAdmin
      .setDisabled(target.identityUid, target.disabledAt !== null)
      .catch(() => undefined);
    throw error;
  }
  // Outside the undoing: the account is disabled on both sides by now, whatever the targets do.
  if (updated.disabledAt) await stopTargetsWhere(targets, { userId: updated.id });
  return updated;
}
