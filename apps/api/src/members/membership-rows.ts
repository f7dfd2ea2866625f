import { fallbackName, type MemberStatus } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import type { UserRow } from '../db/schema';
import { members } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { closeInvitationLinks, linkEmailOf } from '../invitation-links/close-invitation-links';
import { recountPoints, takeScoresTurn } from '../leaderboard/recount';

export const memberKey = (classroomId: string, userId: string) =>
  and(eq(members.classroomId, classroomId), eq(members.userId, userId));

/**
 * Moves a membership from `from` to `to`, only if it still is in `from` (concurrent changes).
 * Once accepted, the address's mailed links have nothing left to accept.
 *
 * Every change of a membership row goes through here, `insertMember` or a delete that records
 * `members.changed` itself, so that the classroom's open pages follow.
 */
export async function moveMember(
  tx: ApiDatabase,
  classroomId: string,
  userId: string,
  from: MemberStatus,
  to: MemberStatus,
): Promise<boolean> {
  // Solves from an earlier membership count again: the recount takes the classroom's turn.
  if (to === 'Accepted') await takeScoresTurn(tx, classroomId);
  const moved = await tx
    .update(members)
    .set({ status: to, updatedAt: new Date() })
    .where(and(memberKey(classroomId, userId), eq(members.status, from)))
    .returning({ userId: members.userId });
  if (moved.length === 0) return false;
  recordEvent(tx, { type: 'members.changed', classroomId });
  if (to === 'Accepted') {
    await recountPoints(tx, [classroomId], userId);
    await closeInvitationLinks(tx, classroomId, linkEmailOf(userId), 'accepted');
  }
  return true;
}

export async function insertMember(
  tx: ApiDatabase,
  classroomId: string,
  userId: string,
  status: MemberStatus,
): Promise<boolean> {
  const inserted = await tx
    .insert(members)
    .values({ classroomId, userId, status })
    .onConflictDoNothing()
    .returning({ userId: members.userId });
  if (inserted.length === 0) return false;
  recordEvent(tx, { type: 'members.changed', classroomId });
  return true;
}

export const displayNameOf = (user: Pick<UserRow, 'id' | 'displayName'>) =>
  user.displayName?.trim() || fallbackName(user.id);
