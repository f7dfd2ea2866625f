import { and, eq } from 'drizzle-orm';
import { targets } from '../db/schema';
import type { Failure } from './failures';
import type { TargetRow } from './present-target';
import type { TargetService } from './service';

/** The target (or box), while it is still `starting`: a stop meanwhile wins. */
export const stillStarting = (targetId: string) =>
  and(eq(targets.id, targetId), eq(targets.state, 'starting'));

/** The time a start took, from the student's Start to `end`. */
export const secondsSince = (createdAt: Date, end: Date) =>
  (end.getTime() - createdAt.getTime()) / 1000;

/**
 * Ends a start that failed: whatever the engine made goes, and the target is `failed` with the
 * sentence its student reads, unless it was stopped meanwhile.
 */
export async function failStart(
  service: TargetService,
  { id: targetId, kind }: Pick<TargetRow, 'id' | 'kind'>,
  failure: Failure,
): Promise<void> {
  service.metrics.failed(kind, failure.code);
  await service.driver?.stop(targetId).catch(() => undefined);
  await service.db
    .update(targets)
    .set({
      state: 'failed',
      failureCode: failure.code,
      failureMessage: failure.message,
      endedAt: new Date(),
    })
    .where(stillStarting(targetId));
}
