import type { Invitation } from '@hackclass/contracts';
import { eq, sql } from 'drizzle-orm';
import { type ClassroomRow, memberName } from '../classrooms/find-classrooms';
import { coTeachesClassroom } from '../co-teachers/list-co-teachers';
import type { ApiDatabase } from '../db';
import { emailInvitations, type UserRow, users } from '../db/schema';
import { apiErrors } from '../errors';
import { assertInvitationAllowance } from '../invitations/invitation-allowance';
import { type InvitationMailing, queueInvitationMail } from '../invitations/queue-invitation-mail';
import { canJoinClassrooms } from '../policies/classrooms';
import { displayNameOf, insertMember, moveMember } from './membership-rows';
import { notifyInvited, notifyJoinApproved } from './notices';

/**
 * Invites by email: a user becomes `Invited` (or `Accepted`, if they had asked to join); an
 * email without an account, or whose owner may not join, waits in `email_invitations` until
 * someone who may join signs up with it and verifies it. Both answer alike (see
 * `invitationSchema`), so an invitation is no way to learn who has an account. Each new
 * invitation mails its link, within the inviter's daily allowance.
 */
/** Who invites: their name goes in the mail, their role decides the daily allowance. */
export type Inviter = Pick<UserRow, 'id' | 'roleId' | 'displayName'>;

export async function inviteMember(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviter: Inviter,
  userEmail: string,
  mailing: InvitationMailing,
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
  const mail = (tx: ApiDatabase) =>
    queueInvitationMail(
      tx,
      mailing,
      { classroomId: classroom.id, classroomName: classroom.name, email },
      { id: inviter.id, name: displayNameOf(inviter) },
    );
  const invited = { invitation: { email, status: 'Invited' as const }, created: true };
  if (!invitee || !canJoinClassrooms(invitee)) {
    return db.transaction(async (tx) => {
      const [waiting] = await tx
        .insert(emailInvitations)
        .values({ classroomId: classroom.id, email, invitedBy: inviter.id })
        .onConflictDoNothing()
        .returning();
      if (!waiting) throw alreadyThere();
      await assertInvitationAllowance(tx, inviter, mailing.invitationsPerDay);
      await mail(tx);
      return invited;
    });
  }
  const event = { classroom, user: invitee };
  return db.transaction(async (tx) => {
    if (await insertMember(tx, classroom.id, invitee.id, 'Invited')) {
      await assertInvitationAllowance(tx, inviter, mailing.invitationsPerDay);
      await notifyInvited(tx, event);
      await mail(tx);
      return invited;
    }
    if (await moveMember(tx, classroom.id, invitee.id, 'PendingApproval', 'Accepted')) {
      await notifyJoinApproved(tx, event);
      return { invitation: { email, status: 'Accepted' }, created: false };
    }
    throw alreadyThere();
  });
}
