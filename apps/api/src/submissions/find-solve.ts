import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { solves } from '../db/schema';

/** When the user solved the lab in the classroom, if they did. */
export async function findSolve(
  db: ApiDatabase,
  { classroomId, userId, labId }: { classroomId: string; userId: string; labId: string },
) {
  const [solve] = await db
    .select({ solvedAt: solves.solvedAt })
    .from(solves)
    .where(
      and(eq(solves.classroomId, classroomId), eq(solves.userId, userId), eq(solves.labId, labId)),
    );
  return solve;
}
