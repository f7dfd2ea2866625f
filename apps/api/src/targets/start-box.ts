import { ATTACK_BOX_KIND } from '@hackclass/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { classrooms, targets } from '../db/schema';
import { apiErrors } from '../errors';
import { assertEngineStarts } from './assert-engine-starts';
import { launchBox } from './launch-box';
import { ensureUnderLimits } from './limits';
import type { TargetRow } from './present-target';
import type { TargetService } from './service';
import { START_LOCK } from './start-target';
import { isActive } from './stop-targets';

/** Whether this server runs attack boxes: an image set, and a driver that runs them. */
export const runsBoxes = (service: TargetService) =>
  service.config.attackBox.image !== undefined && service.driver?.boxes !== undefined;

/**
 * Starts the student's attack box from a classroom they are a member of (the caller checked):
 * the row is made `starting` and the container started after the answer. Their box already
 * active, in any classroom, is returned instead (`created: false`): a student has one at a time.
 * A box counts in the running limits as any target, under the same lock.
 */
export async function startBox(
  service: TargetService,
  start: { userId: string; classroomId: string },
): Promise<{ box: TargetRow; created: boolean }> {
  if (!runsBoxes(service)) throw apiErrors.attackBoxesOff();
  await assertEngineStarts(service);
  const { box, created } = await service.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK}::bigint)`);
    const [active] = await tx
      .select()
      .from(targets)
      .where(and(eq(targets.userId, start.userId), isNull(targets.labId), isActive));
    if (active) return { box: active, created: false };
    const [classroom] = await tx
      .select({ max: classrooms.maxRunningTargets })
      .from(classrooms)
      .where(eq(classrooms.id, start.classroomId));
    await ensureUnderLimits(
      tx,
      { ...start, classroomMax: classroom?.max ?? null, labCreatorId: null },
      service.config,
    );
    const [inserted] = await tx
      .insert(targets)
      .values({ ...start, labId: null, kind: ATTACK_BOX_KIND })
      .returning();
    if (!inserted) throw new Error('attack box insert returned nothing');
    return { box: inserted, created: true };
  });
  if (created) launchBox(service, box);
  return { box, created };
}
