import type { Invitation } from '@hackclass/contracts';
import { eq, sql } from 'drizzle-orm';
import { type ClassroomRow, memberName } from '../classrooms/find-classrooms';
import { coTeachesClassroom } from '../co-teachers/list-co-teachers';
import type { ApiDatabase } from '../db';
import { emailInvitations, users } from '../db/schema';
import { apiErrors } from '../errors';
import { canJoinClassrooms } from '../policies/classrooms';
import { insertMember, moveMember } from './membership-rows';
import { notifyInvited, notifyJoinApproved } from './notices';

/**
 * Invites by email: a user becomes `Invited` (or `Accepted`, if they had asked to join); an
 * email without an account, or whose owner may not join, waits in `email_invitations` until
 * someone who may join signs up with it and verifies it. Both answer alike (see
 * `invitationSchema`), so an invitation is no way to learn who has an account.
 */
export async function inviteMember(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviterId: string,
  userEmail: string,
): Promise<{ invitation: Invitation; created: boolean }> {
  const email = userEmail.trim().toLowerCase();
  const alreadyThere = () => apiErrors.alreadyMember(`${email} is already invited or a member`);
  const [invitee] = await db
    .select({ id: users.id, roleId: users.roleId, name: memberName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (invitee?.id === classroom.creatorId) {
    throw apiErrors.alreadyMember('The classroom’s creator is its teacher already');
  }
  if (invitee && (await coTeachesClassroom(db, classroom.id, invitee.id))) {
    throw apiErrors.alreadyMember(`${email} co-teaches this classroom, and so does not compete`);
  }
  if (!invitee || !canJoinClassrooms(invitee)) {
    const [waiting] = await db
      .insert(emailInvitations)
      .values({ classroomId: classroom.id, email, invitedBy: inviterId })
      .onConflictDoNothing()
      .returning();
    if (!waiting) throw alreadyThere();
    return { invitation: { email, status: 'Invited' }, created: true };
  }
  const event = { classroom, user: invitee };
  return db.transaction(async (tx) => {
    if (await insertMember(tx, classroom.id, invitee.id, 'Invited')) {
      await notifyInvited(tx, event);
      return { invitation: { email, status: 'Invited' }, created: true };
    }
    if (await moveMember(tx, classroom.id, invitee.id, 'PendingApproval', 'Accepted')) {
      await notifyJoinApproved(tx, event);
      return { invitation: { email, status: 'Accepted' }, created: false };
    }
    throw alreadyThere();
  });
}
