import { eq, inArray } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import type { UserRow } from '../db/schema';
import { classrooms, emailInvitations } from '../db/schema';
import { canJoinClassrooms } from '../policies/classrooms';
import { displayNameOf, insertMember } from './membership-rows';
import { notifyInvited } from './notices';

/**
 * Turns the invitations waiting for `user`'s email into `Invited` memberships, each with its
 * notification. Call it in the transaction that records the email as verified.
 */
export async function claimEmailInvitations(tx: ApiDatabase, user: UserRow): Promise<void> {
  if (!user.emailVerified || !canJoinClassrooms(user)) return;
  const claimed = await tx
    .delete(emailInvitations)
    .where(eq(emailInvitations.email, user.email.toLowerCase()))
    .returning({ classroomId: emailInvitations.classroomId });
  if (claimed.length === 0) return;
  const invitedTo = await tx
    .select()
    .from(classrooms)
    .where(
      inArray(
        classrooms.id,
        claimed.map((invitation) => invitation.classroomId),
      ),
    );
  const name = displayNameOf(user);
  for (const classroom of invitedTo) {
    if (classroom.creatorId === user.id) continue;
    if (await insertMember(tx, classroom.id, user.id, 'Invited')) {
      await notifyInvited(tx, { classroom, user: { id: user.id, name } });
    }
  }
}
