import type { LabTarget } from '@hackclass/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, classrooms, labs, labTargets, targets } from '../db/schema';
import { apiErrors } from '../errors';
import { assertEngineStarts } from './assert-engine-starts';
import { freeHostPort } from './host-port';
import { ensureLabImageStartable } from './image-policy';
import { launchTarget } from './launch-target';
import { ensureUnderLimits } from './limits';
import { newTargetFlag } from './per-student-flag';
import type { TargetRow } from './present-target';
import type { TargetService } from './service';
import { isActive } from './stop-targets';

/** One lock for every start on every replica: limits and ports are counted under it. */
export const START_LOCK = 0x68_63_74_73;

export interface TargetStart {
  userId: string;
  classroomId: string;
  labId: string;
}

/** The lab's target definition, if the classroom has the lab and the lab has a target. */
async function definitionIn(db: ApiDatabase, { classroomId, labId }: TargetStart) {
  const [row] = await db
    .select({
      definition: labTargets,
      classroomMax: classrooms.maxRunningTargets,
      labCreatorId: labs.creatorId,
      labSlug: labs.slug,
    })
    .from(classroomLabs)
    .innerJoin(classrooms, eq(classrooms.id, classroomLabs.classroomId))
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .innerJoin(labTargets, eq(labTargets.labId, classroomLabs.labId))
    .where(and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId)));
  return row;
}

/**
 * Starts the student's target for a lab of the classroom (the caller checked they may): the
 * row is made `starting` and the container started after the answer. A target of theirs for
 * the lab that is already active is returned instead (`created: false`): a double click makes
 * one. Limits, the free port and that one target are decided under one lock. An engine that
 * does not answer (as readiness last saw it), or a host firewall guard not in place, refuses the
 * start.
 */
export async function startTarget(
  service: TargetService,
  start: TargetStart,
): Promise<{ target: TargetRow; definition: LabTarget; created: boolean }> {
  const found = await definitionIn(service.db, start);
  if (!found) throw apiErrors.notFound('Live target of this lab not found');
  const { labId: _labId, updatedAt: _updatedAt, ...definition } = found.definition;
  // A lab saved before the operator took outbound traffic away keeps its definition, unstartable.
  if (definition.outbound && !service.config.allowOutbound) throw apiErrors.outboundOff();
  await assertEngineStarts(service);
  await ensureLabImageStartable(service, start.labId, definition.image);
  const { target, created } = await service.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK}::bigint)`);
    const [active] = await tx
      .select()
      .from(targets)
      .where(and(eq(targets.userId, start.userId), eq(targets.labId, start.labId), isActive));
    if (active) return { target: active, created: false };
    if (!service.driver) throw apiErrors.targetsOff();
    await ensureUnderLimits(
      tx,
      { ...start, classroomMax: found.classroomMax, labCreatorId: found.labCreatorId },
      service.config,
    );
    const [inserted] = await tx
      .insert(targets)
      .values({
        ...start,
        kind: definition.kind,
        hostPort: await freeHostPort(tx, service.config.portRange),
        flag:
          definition.flagMode === 'per-student'
            ? newTargetFlag(definition.flagPrefix, definition.flagSuffix)
            : null,
      })
      .returning();
    if (!inserted) throw new Error('target insert returned nothing');
    return { target: inserted, created: true };
  });
  if (created) launchTarget(service, target, definition, found.labSlug);
  return { target, definition, created };
}
