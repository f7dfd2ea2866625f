import { type HintUnlockList, type HintUnlockListQuery, pageOfItems } from '@hackclass/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { hintUnlocks, labHints, labs, users } from '../db/schema';
import { memberName } from '../users/member-name';
import { hintNumber } from './hint-number';

/** A page of who unlocked which hint of the classroom's labs when, newest first. */
export async function listHintUnlocks(
  db: ApiDatabase,
  classroomId: string,
  { labId, page, pageSize }: HintUnlockListQuery,
): Promise<HintUnlockList> {
  const where: SQL | undefined = and(
    eq(hintUnlocks.classroomId, classroomId),
    labId ? eq(labHints.labId, labId) : undefined,
  );
  const [totals, rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(hintUnlocks)
      .innerJoin(labHints, eq(labHints.id, hintUnlocks.hintId))
      .where(where),
    db
      .select({
        userId: users.id,
        name: memberName,
        labId: labs.id,
        labName: labs.name,
        hintId: labHints.id,
        position: hintNumber(sql`${labHints}`),
        cost: labHints.cost,
        unlockedAt: hintUnlocks.unlockedAt,
      })
      .from(hintUnlocks)
      .innerJoin(labHints, eq(labHints.id, hintUnlocks.hintId))
      .innerJoin(labs, eq(labs.id, labHints.labId))
      .innerJoin(users, eq(users.id, hintUnlocks.userId))
      .where(where)
      .orderBy(desc(hintUnlocks.unlockedAt), desc(hintUnlocks.hintId), desc(hintUnlocks.userId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return pageOfItems(
    rows.map(({ userId, name, unlockedAt, ...row }) => ({
      ...row,
      user: { id: userId, name },
      unlockedAt: unlockedAt.toISOString(),
    })),
    total,
    { page, pageSize },
  );
}
