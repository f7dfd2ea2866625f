import type { RoleId } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { users } from '../db/schema';
import { apiErrors } from '../errors';
import { type Actor, isAdmin } from '../policies/actors';
import type { UserRow } from './ensure-user';

/**
 * An admin sets someone's role. Admins cannot demote themselves, so an instance always keeps
 * the admin who is acting. (ADMIN_EMAILS re-promote their owners on their next request.)
 */
export async function changeRole(
  db: ApiDatabase,
  actor: Actor,
  userId: string,
  roleId: RoleId,
): Promise<UserRow> {
  if (!isAdmin(actor)) throw apiErrors.forbidden('Only admins change roles');
  if (userId === actor.id && !isAdmin({ id: userId, roleId })) throw apiErrors.cannotDemoteSelf();
  const [updated] = await db
    .update(users)
    .set({ roleId, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw apiErrors.notFound('User');
  return updated;
}
