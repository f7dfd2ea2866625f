import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targets } from '../db/schema';
import type { TargetRow } from './present-target';
import { isActive } from './stop-targets';

/** The student's attack box: the active one, else the latest, else none. */
export async function myBox(db: ApiDatabase, userId: string): Promise<TargetRow | undefined> {
  const [box] = await db
    .select()
    .from(targets)
    .where(and(eq(targets.userId, userId), isNull(targets.labId)))
    .orderBy(desc(isActive), desc(targets.createdAt))
    .limit(1);
  return box;
}
