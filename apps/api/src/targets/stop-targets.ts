import { ACTIVE_TARGET_STATES } from '@hackclass/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targets } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import type { TargetService } from './service';

export const isActive = inArray(targets.state, [...ACTIVE_TARGET_STATES]);

/** Which targets to stop: a classroom's, a lab's, a student's, or where those meet. */
export interface TargetScope {
  classroomId?: string;
  labId?: string;
  userId?: string;
}

const scopeCondition = ({ classroomId, labId, userId }: TargetScope): SQL | undefined =>
  and(
    classroomId === undefined ? undefined : eq(targets.classroomId, classroomId),
    labId === undefined ? undefined : eq(targets.labId, labId),
    userId === undefined ? undefined : eq(targets.userId, userId),
  );

/**
 * Marks the scope's active targets `stopping`, inside the caller's transaction, so that the
 * change that ends them (a member removed, a lab taken out) and their end commit together, and
 * records it: their containers are released once committed. Rows about to be deleted with their
 * classroom, lab or user count alike: their containers still have to go. Returns how many.
 */
export async function markStopping(db: ApiDatabase, scope: TargetScope): Promise<number> {
  const rows = await db
    .update(targets)
    .set({ state: 'stopping' })
    .where(and(isActive, scopeCondition(scope)))
    .returning({ id: targets.id });
  const targetIds = rows.map((row) => row.id);
  if (targetIds.length > 0) recordEvent(db, { type: 'targets.stopping', targetIds });
  return targetIds.length;
}

/** Stops one container and records the end; a target no longer `stopping` is left as it is. */
export async function finishStopping(service: TargetService, targetId: string): Promise<void> {
  await service.driver?.stop(targetId);
  await service.db
    .update(targets)
    .set({ state: 'stopped', endedAt: new Date() })
    .where(and(eq(targets.id, targetId), eq(targets.state, 'stopping')));
}

/**
 * Removes the containers of targets marked `stopping`, after the request has answered. One that
 * fails stays `stopping`, for the janitor to finish.
 */
export function releaseTargets(service: TargetService, targetIds: string[]): void {
  if (targetIds.length === 0) return;
  service.background('stopping targets', async () => {
    const results = await Promise.allSettled(
      targetIds.map((targetId) => finishStopping(service, targetId)),
    );
    for (const [index, result] of results.entries()) {
      if (result.status === 'rejected') {
        service.log.warn(
          { err: result.reason, targetId: targetIds[index] },
          'target not stopped; the janitor retries',
        );
      }
    }
  });
}

/**
 * Stops every active target of the scope: the one call where targets must end. The service's
 * database handle releases them (see `withDomainEvents`).
 */
export const stopTargetsWhere = (service: TargetService, scope: TargetScope): Promise<number> =>
  markStopping(service.db, scope);
