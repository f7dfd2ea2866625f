import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { members } from '../db/schema';

/** A member's points in a classroom now, as last counted (see `recountPoints`). */
export async function memberPoints(
  db: ApiDatabase,
  classroomId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ points: members.points })
    .from(members)
    .where(and(eq(members.classroomId, classroomId), eq(members.userId, userId)));
  return row?.points ?? 0;
}
