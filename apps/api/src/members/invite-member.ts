import { type Invitation, normalizeEmail } from '@hackclass/contracts';
import type { ClassroomRow } from '../classrooms/find-classrooms';
import type { ApiDatabase } from '../db';
import { emailInvitations, type UserRow } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { assertInvitationAllowance } from '../invitation-links/invitation-allowance';
import {
  type InvitationMailing,
  queueInvitationMail,
} from '../invitation-links/queue-invitation-mail';
import { canJoinClassrooms } from '../policies/classrooms';
import { displayNameOf, insertMember, moveMember } from './membership-rows';
import { notifyInvited, notifyJoinApproved } from './notices';
import { accountsIn, STANDING_REASONS, standingOf } from './standing';

/**
 * Who invites: their name goes in the mail; their role, and whether an admin approved them as
 * a teacher, decide the daily allowance.
 */
export type Inviter = Pick<UserRow, 'id' | 'roleId' | 'displayName' | 'teacherRequestedAt'>;

/**
 * Invites by email: a user becomes `Invited` (or `Accepted`, if they had asked to join); an
 * email without an account, or whose owner may not join, waits in `email_invitations` until
 * someone who may join signs up with it and verifies it. Both answer alike (see
 * `invitationSchema`), so an invitation is no way to learn who has an account. Each new
 * invitation mails its link, within the inviter's daily allowance.
 */
export async function inviteMember(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviter: Inviter,
  userEmail: string,
  mailing: InvitationMailing,
): Promise<{ invitation: Invitation; created: boolean }> {
  const email = normalizeEmail(userEmail);
  const [invitee] = await accountsIn(db, classroom.id, [email]);
  const standing = invitee ? standingOf(classroom, invitee) : 'none';
  if (standing === 'teacher' || standing === 'co-teacher') {
    throw apiErrors.alreadyMember(STANDING_REASONS[standing]);
  }
  /** Refuses with where the account stands now, as the preview of a list would say it. */
  const alreadyThere = async (tx: ApiDatabase) => {
    const [now] = await accountsIn(tx, classroom.id, [email]);
    const found = now ? standingOf(classroom, now) : 'none';
    return apiErrors.alreadyMember(STANDING_REASONS[found === 'member' ? 'member' : 'invited']);
  };
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
      if (!waiting) throw apiErrors.alreadyMember(STANDING_REASONS.invited);
      await assertInvitationAllowance(tx, inviter, mailing);
      await mail(tx);
      recordEvent(tx, { type: 'members.changed', classroomId: classroom.id });
      return invited;
    });
  }
  const event = { classroom, user: invitee };
  return db.transaction(async (tx) => {
    if (await insertMember(tx, classroom.id, invitee.id, 'Invited')) {
      await assertInvitationAllowance(tx, inviter, mailing);
      await notifyInvited(tx, event);
      await mail(tx);
      return invited;
    }
    if (await moveMember(tx, classroom.id, invitee.id, 'PendingApproval', 'Accepted')) {
      await notifyJoinApproved(tx, event);
      return { invitation: { email, status: 'Accepted' }, created: false };
    }
    throw await alreadyThere(tx);
  });
}
