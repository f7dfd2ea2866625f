import type { Membership } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, emailInvitations, invitationLinks, members, type UserRow } from '../db/schema';
import { apiErrors } from '../errors';
import { takeScoresTurn } from '../leaderboard/recount';
import { displayNameOf, insertMember, memberKey, moveMember } from '../members/membership-rows';
import { notifyInvitationAccepted } from '../members/notices';
import { canJoinClassrooms } from '../policies/classrooms';
import { findInvitationLink } from './find-invitation-link';
import { maskEmail } from './mask-email';

/**
 * The invited address's owner accepts through the mailed link: their invitation (or the
 * invitation still waiting for their address) becomes `Accepted`. A request to join made
 * since is no invitation: it still waits for the teacher's approval.
 * Accepting twice answers the same membership.
 */
export async function acceptInvitation(
  db: ApiDatabase,
  user: UserRow,
  token: string,
): Promise<Membership> {
  return db.transaction(async (tx) => {
    const link = await findInvitationLink(tx, token);
    if (!link) throw apiErrors.notFound('No invitation has this link');
    if (user.email.toLowerCase() !== link.email) {
      throw apiErrors.forbidden(
        `This invitation was sent to ${maskEmail(link.email)}, and you are signed in as ` +
          `${user.email}. Sign out, then sign in or sign up with the invited address to accept it`,
      );
    }
    if (!canJoinClassrooms(user)) throw apiErrors.forbidden('Guests cannot join classrooms');
    const { classroomId } = link;
    const accepted = { classroomId, userId: user.id, status: 'Accepted' as const };
    await takeScoresTurn(tx, classroomId);
    const [member] = await tx
      .select({ status: members.status })
      .from(members)
      .where(memberKey(classroomId, user.id))
      .for('update');
    if (link.state === 'accepted' && member?.status === 'Accepted') return accepted;
    if (link.state === 'expired') throw apiErrors.invitationExpired();
    if (link.state !== 'pending') throw apiErrors.invitationWithdrawn();
    if (member?.status !== 'Accepted') {
      // Only the invitation accepts: not a request to join made since, which awaits approval;
      // and after a decline or removal, the link has nothing left to accept.
      const from = member
        ? member.status
        : await claimWaiting(tx, classroomId, user.id, link.email);
      if (from !== 'Invited') throw apiErrors.invitationWithdrawn();
      await moveMember(tx, classroomId, user.id, from, 'Accepted');
      const [classroom] = await tx.select().from(classrooms).where(eq(classrooms.id, classroomId));
      if (classroom) {
        await notifyInvitationAccepted(tx, {
          classroom,
          user: { id: user.id, name: displayNameOf(user) },
        });
      }
    }
    await tx
      .update(invitationLinks)
      .set({ acceptedAt: new Date() })
      .where(eq(invitationLinks.id, link.id));
    return accepted;
  });
}

/** The invitation that waited for this address, turned into an `Invited` membership. */
async function claimWaiting(tx: ApiDatabase, classroomId: string, userId: string, email: string) {
  const claimed = await tx
    .delete(emailInvitations)
    .where(and(eq(emailInvitations.classroomId, classroomId), eq(emailInvitations.email, email)))
    .returning({ email: emailInvitations.email });
  if (claimed.length === 0) return undefined;
  await insertMember(tx, classroomId, userId, 'Invited');
  return 'Invited' as const;
}
