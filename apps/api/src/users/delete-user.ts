import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { members, users } from '../db/schema';
import { markStopping } from '../targets/stop-targets';

/**
 * Removes the product user of a deleted identity account. Their memberships, solves, flag
 * submissions and notifications go with them (foreign keys cascade), so they leave every
 * leaderboard as a student who leaves the classroom does; classrooms and labs they created stay
 * for their students with no owner (`creator_id` is set null), for an admin to keep or delete.
 * Returns the classrooms they were in, whose member lists changed, and the targets they ran,
 * whose containers still have to be released.
 */
export async function deleteProductUser(
  db: ApiDatabase,
  identityUid: string,
): Promise<{ classroomIds: string[]; targetIds: string[] }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.identityUid, identityUid));
    if (!user) return { classroomIds: [], targetIds: [] };
    const classrooms = await tx
      .select({ classroomId: members.classroomId })
      .from(members)
      .where(eq(members.userId, user.id));
    const targetIds = await markStopping(tx, { userId: user.id });
    await tx.delete(users).where(eq(users.id, user.id));
    return { classroomIds: classrooms.map(({ classroomId }) => classroomId), targetIds };
  });
}
