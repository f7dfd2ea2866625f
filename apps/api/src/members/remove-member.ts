import type { ApiDatabase } from '../db';
import { members } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { closeInvitationLinks, linkEmailOf } from '../invitation-links/close-invitation-links';
import { recountPoints, takeScoresTurn } from '../leaderboard/recount';
import type { Actor } from '../policies/actors';
import { markStopping } from '../targets/stop-targets';
import { memberKey } from './membership-rows';

/**
 * The teacher or an admin removes anyone; a member removes themself (decline, withdraw, leave).
 * Their targets in the classroom stop.
 */
export async function removeMember(
  db: ApiDatabase,
  classroomId: string,
  actor: Actor,
  byManager: boolean,
  userId: string,
): Promise<void> {
  if (userId !== actor.id && !byManager) {
    throw apiErrors.forbidden('You may remove only yourself');
  }
  await db.transaction(async (tx) => {
    // Their solves stop counting in the labs' solve counts: the recount takes the classroom's turn.
    await takeScoresTurn(tx, classroomId);
    const removed = await tx
      .delete(members)
      .where(memberKey(classroomId, userId))
      .returning({ userId: members.userId });
    if (removed.length === 0) throw apiErrors.notFound('Member not found');
    await recountPoints(tx, [classroomId], userId);
    await closeInvitationLinks(tx, classroomId, linkEmailOf(userId), 'withdrawn');
    await markStopping(tx, { classroomId, userId });
    recordEvent(tx, { type: 'members.changed', classroomId });
  });
}
