import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { members, solves, users } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { recountPoints, takeScoresTurn } from '../leaderboard/recount';
import { markStopping } from '../targets/stop-targets';

/**
 * Removes the product user of a deleted identity account. Their memberships, solves, flag
 * submissions and notifications go with them (foreign keys cascade), so they leave every
 * leaderboard as a student who leaves the classroom does; classrooms and labs they created stay
 * for their students with no owner (`creator_id` is set null), for an admin to keep or delete.
 * The classrooms they were in change their member lists, and the targets they ran stop.
 */
export async function deleteProductUser(db: ApiDatabase, identityUid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.identityUid, identityUid));
    if (!user) return;
    const classrooms = await tx
      .select({ classroomId: members.classroomId })
      .from(members)
      .where(eq(members.userId, user.id));
    // Where their solves counted, also those made before they left: the labs' solve counts,
    // first solvers and dynamic values move there. In one order, so no two deletions wait in a
    // circle.
    const scored = await tx
      .selectDistinct({ classroomId: solves.classroomId })
      .from(solves)
      .where(eq(solves.userId, user.id));
    const recounted = [...new Set(scored.map((row) => row.classroomId))].sort();
    for (const classroomId of recounted) await takeScoresTurn(tx, classroomId);
    await markStopping(tx, { userId: user.id });
    await tx.delete(users).where(eq(users.id, user.id));
    await recountPoints(tx, recounted);
    for (const { classroomId } of classrooms) {
      recordEvent(tx, { type: 'members.changed', classroomId });
    }
  });
}
