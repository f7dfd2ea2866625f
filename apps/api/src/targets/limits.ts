import { count, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targets } from '../db/schema';
import { apiErrors } from '../errors';
import type { LabsConfig } from './service';
import { isActive } from './stop-targets';

/**
 * Refuses a start past any limit: the classroom's maximum, the student's (LABS_MAX_PER_USER)
 * or the server's (LABS_MAX_RUNNING). Targets holding a container count, starting and stopping
 * ones too. The caller holds the start lock, so a burst of starts cannot overshoot.
 */
export async function ensureUnderLimits(
  tx: ApiDatabase,
  {
    classroomId,
    userId,
    classroomMax,
  }: { classroomId: string; userId: string; classroomMax: number | null },
  config: Pick<LabsConfig, 'maxRunning' | 'maxPerUser'>,
): Promise<void> {
  const [counts] = await tx
    .select({
      server: count(),
      classroom:
        sql<number>`count(*) filter (where ${eq(targets.classroomId, classroomId)})`.mapWith(
          Number,
        ),
      user: sql<number>`count(*) filter (where ${eq(targets.userId, userId)})`.mapWith(Number),
    })
    .from(targets)
    .where(isActive);
  if (!counts) return;
  if (classroomMax !== null && counts.classroom >= classroomMax) {
    throw apiErrors.targetLimitReached('classroom', classroomMax);
  }
  if (counts.user >= config.maxPerUser) {
    throw apiErrors.targetLimitReached('yours', config.maxPerUser);
  }
  if (counts.server >= config.maxRunning) {
    throw apiErrors.targetLimitReached('server', config.maxRunning);
  }
}
