import type { ClassroomHint } from '@hackclass/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { hintUnlocks, labHints } from '../db/schema';

interface MemberLab {
  classroomId: string;
  labId: string;
  userId: string;
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
