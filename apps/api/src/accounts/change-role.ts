import { ROLE, type RoleId } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { type UserRow, users } from '../db/schema';
import { apiErrors } from '../errors';
import { claimEmailInvitations } from '../members/claim-email-invitations';
import { notify } from '../notifications/notify';
import { type Actor, isAdmin } from '../policies/actors';
import { isAwaitingTeacherApproval, isUnapprovedTeacher } from '../users/present-user';

/**
 * An admin sets someone's role. Admins cannot demote themselves, so an instance always keeps
 * the admin who is acting. (ADMIN_EMAILS re-promote their owners on their next request.) Any
 * role an admin sets decides a pending teacher request and the role left to choose at sign-up. A guest who may now join classrooms
 * receives the invitations that waited for their email meanwhile.
 */
export async function changeRole(
  db: ApiDatabase,
  actor: Actor,
  userId: string,
  roleId: RoleId,
): Promise<UserRow> {
  if (!isAdmin(actor)) throw apiErrors.forbidden('Only admins change roles');
  if (userId === actor.id && !isAdmin({ id: userId, roleId })) throw apiErrors.cannotDemoteSelf();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ roleId, teacherRequestedAt: null, signUpRoleOpen: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw apiErrors.notFound('User not found');
    await claimEmailInvitations(tx, updated);
    return updated;
  });
}

/**
 * An admin approves a teacher awaiting approval: a student awaiting it becomes a teacher and is
 * notified; a teacher who signed up where TEACHER_APPROVAL is off gets the full invitation
 * allowance. 409 if they are not awaiting it (approved already, or given another role meanwhile).
 */
export async function approveTeacher(
  db: ApiDatabase,
  actor: Actor,
  userId: string,
): Promise<UserRow> {
  if (!isAdmin(actor)) throw apiErrors.forbidden('Only admins approve teachers');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw apiErrors.notFound('User not found');
    if (!isAwaitingTeacherApproval(user) && !isUnapprovedTeacher(user)) {
      throw apiErrors.notAwaitingApproval();
    }
    const [approved] = await tx
      .update(users)
      .set({ roleId: ROLE.teacher, teacherRequestedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!approved) throw new Error('The user just locked was not updated');
    if (isAwaitingTeacherApproval(user)) await notify(tx, [approved.id], 'TeacherApproved', {});
    return approved;
  });
}
