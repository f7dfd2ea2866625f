import type { MemberStatus, Membership } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ClassroomRow } from '../classrooms/find-classrooms';
import type { ApiDatabase } from '../db';
import { members, users } from '../db/schema';
import { apiErrors } from '../errors';
import { takeScoresTurn } from '../leaderboard/recount';
import type { Actor } from '../policies/actors';
import { memberName } from '../users/member-name';
import { memberKey, moveMember } from './membership-rows';
import { notifyInvitationAccepted, notifyJoinApproved } from './notices';
import { decideTransition } from './transitions';

/** PATCH of a membership's status, as the state machine allows. */
export async function changeMemberStatus(
  db: ApiDatabase,
  classroom: ClassroomRow,
  actor: Actor,
  byManager: boolean,
  userId: string,
  to: MemberStatus,
): Promise<Membership> {
  const bySelf = userId === actor.id;
  if (!bySelf && !byManager) throw apiErrors.forbidden('You may change only your own membership');
  return db.transaction(async (tx) => {
    // Accepting recounts the member's points: the classroom's turn comes before the row's lock.
    if (to === 'Accepted') await takeScoresTurn(tx, classroom.id);
    const [member] = await tx
      .select({ status: members.status, name: memberName })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(memberKey(classroom.id, userId))
      .for('update', { of: members });
    if (!member) throw apiErrors.notFound('Member not found');
    const decision = decideTransition({ from: member.status, to, bySelf, byManager });
    if (!decision.allowed) {
      throw decision.reason === 'forbidden'
        ? apiErrors.forbidden(decision.detail)
        : apiErrors.memberTransition(decision.detail);
    }
    await moveMember(tx, classroom.id, userId, member.status, to);
    const event = { classroom, user: { id: userId, name: member.name } };
    if (member.status === 'Invited') await notifyInvitationAccepted(tx, event);
    else await notifyJoinApproved(tx, event);
    return { classroomId: classroom.id, userId, status: to };
  });
}
