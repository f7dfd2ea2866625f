import type { MemberStatus, Membership } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { normaliseJoinCode } from '../classrooms/join-code';
import { coTeachesClassroom } from '../co-teachers/list-co-teachers';
import type { ApiDatabase } from '../db';
import type { UserRow } from '../db/schema';
import { classrooms } from '../db/schema';
import { apiErrors } from '../errors';
import { displayNameOf, insertMember, moveMember } from './membership-rows';
import { notifyInvitationAccepted, notifyJoinRequested } from './notices';

/**
 * Joins by code: a request waiting for approval, or the acceptance of an invitation the
 * caller already had.
 */
export async function joinByCode(
  db: ApiDatabase,
  user: UserRow,
  code: string,
): Promise<{ membership: Membership; created: boolean }> {
  const [classroom] = await db
    .select()
    .from(classrooms)
    .where(eq(classrooms.joinCode, normaliseJoinCode(code)));
  if (!classroom) throw apiErrors.unknownJoinCode();
  if (classroom.creatorId === user.id) {
    throw apiErrors.alreadyMember('You created this classroom');
  }
  if (await coTeachesClassroom(db, classroom.id, user.id)) {
    throw apiErrors.alreadyMember('You co-teach this classroom');
  }
  const event = { classroom, user: { id: user.id, name: displayNameOf(user) } };
  const membership = (status: MemberStatus) => ({
    classroomId: classroom.id,
    userId: user.id,
    status,
  });
  return db.transaction(async (tx) => {
    if (await insertMember(tx, classroom.id, user.id, 'PendingApproval')) {
      await notifyJoinRequested(tx, event);
      return { membership: membership('PendingApproval'), created: true };
    }
    if (await moveMember(tx, classroom.id, user.id, 'Invited', 'Accepted')) {
      await notifyInvitationAccepted(tx, event);
      return { membership: membership('Accepted'), created: false };
    }
    throw apiErrors.alreadyMember(
      'You are already a member of this classroom or have asked to join it',
    );
  });
}
