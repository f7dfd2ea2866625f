import type { ClassroomHint } from '@hackclass/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, hintUnlocks, labHints } from '../db/schema';
import { apiErrors } from '../errors';

interface MemberLab {
  classroomId: string;
  labId: string;
  userId: string;
}

/** Refuses a lab the classroom does not have, as if it did not exist. */
export async function ensureLabInClassroom(
  db: ApiDatabase,
  classroomId: string,
  labId: string,
): Promise<void> {
  const [found] = await db
    .select({ labId: classroomLabs.labId })
    .from(classroomLabs)
    .where(and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId)));
  if (!found) throw apiErrors.notFound('Lab in this classroom not found');
}

/**
 * The lab's hints in order, with whether the member unlocked each here and when; the content
 * only of those unlocked, unless `allContent` (the classroom's managers read every hint).
 */
export async function classroomHints(
  db: ApiDatabase,
  { classroomId, labId, userId }: MemberLab,
  allContent: boolean,
): Promise<ClassroomHint[]> {
  const rows = await db
    .select({
      id: labHints.id,
      cost: labHints.cost,
      content: labHints.content,
      unlockedAt: hintUnlocks.unlockedAt,
      position:
        sql<number>`row_number() over (order by ${labHints.position}, ${labHints.id})`.mapWith(
          Number,
        ),
    })
    .from(labHints)
    .leftJoin(
      hintUnlocks,
      and(
        eq(hintUnlocks.hintId, labHints.id),
        eq(hintUnlocks.classroomId, classroomId),
        eq(hintUnlocks.userId, userId),
      ),
    )
    .where(eq(labHints.labId, labId))
    .orderBy(asc(labHints.position), asc(labHints.id));
  return rows.map(({ unlockedAt, content, ...hint }) => ({
    ...hint,
    unlocked: unlockedAt !== null,
    unlockedAt: unlockedAt?.toISOString() ?? null,
    content: unlockedAt !== null || allContent ? content : null,
  }));
}
