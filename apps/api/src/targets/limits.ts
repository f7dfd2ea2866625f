import { count, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labs, targets } from '../db/schema';
import { apiErrors } from '../errors';
import type { LabsConfig } from './service';
import { isActive } from './stop-targets';

/**
 * Refuses a start past any limit: the classroom's maximum (its teacher's, within the operator's
 * LABS_MAX_PER_CLASSROOM), the student's (LABS_MAX_PER_USER), that of the lab's teacher over all
 * their labs (LABS_MAX_PER_TEACHER), or the server's (LABS_MAX_RUNNING). Targets holding a
 * container count, starting and stopping ones too, and attack boxes (but for a teacher's). The caller holds the start lock, so a burst
 * of starts cannot overshoot.
 */
export async function ensureUnderLimits(
  tx: ApiDatabase,
  {
    classroomId,
    userId,
    classroomMax,
    labCreatorId,
  }: {
    classroomId: string;
    userId: string;
    classroomMax: number | null;
    labCreatorId: string | null;
  },
  config: Pick<LabsConfig, 'maxRunning' | 'maxPerUser' | 'maxPerClassroom' | 'maxPerTeacher'>,
): Promise<void> {
  const [counts] = await tx
    .select({
      server: count(),
      classroom:
        sql<number>`count(*) filter (where ${eq(targets.classroomId, classroomId)})`.mapWith(
          Number,
        ),
      user: sql<number>`count(*) filter (where ${eq(targets.userId, userId)})`.mapWith(Number),
      teacher:
        labCreatorId === null
          ? sql<number>`0`.mapWith(Number)
          : sql<number>`count(*) filter (where ${eq(labs.creatorId, labCreatorId)})`.mapWith(
              Number,
            ),
    })
    .from(targets)
    // Attack boxes, of no lab, count too.
    .leftJoin(labs, eq(labs.id, targets.labId))
    .where(isActive);
  if (!counts) return;
  const classroomLimit = Math.min(classroomMax ?? config.maxPerClassroom, config.maxPerClassroom);
  if (counts.classroom >= classroomLimit) {
    throw apiErrors.targetLimitReached('classroom', classroomLimit);
  }
  if (counts.teacher >= config.maxPerTeacher) {
    throw apiErrors.targetLimitReached('teacher', config.maxPerTeacher);
  }
  if (counts.user >= config.maxPerUser) {
    throw apiErrors.targetLimitReached('yours', config.maxPerUser);
  }
  if (counts.server >= config.maxRunning) {
    throw apiErrors.targetLimitReached('server', config.maxRunning);
  }
}
