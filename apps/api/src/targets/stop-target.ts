import { and, eq } from 'drizzle-orm';
import { targets } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import type { TargetRow } from './present-target';
import type { TargetService } from './service';
import { finishStopping, isActive } from './stop-targets';

/**
 * Stops one target: `stopping` now, its container removed after the answer (or before it, when
 * `wait`, as a reset needs the student's one slot and its port back). A target that has already
 * ended is returned as it is.
 */
export async function stopTarget(
  service: TargetService,
  target: TargetRow,
  { wait = false }: { wait?: boolean } = {},
): Promise<TargetRow> {
  const [stopping] = await service.db
    .update(targets)
    .set({ state: 'stopping' })
    .where(and(eq(targets.id, target.id), isActive))
    .returning();
  if (!stopping) return target;
  if (!wait) {
    recordEvent(service.db, { type: 'targets.stopping', targetIds: [target.id] });
    return stopping;
  }
  await finishStopping(service, target.id);
  const [stopped] = await service.db.select().from(targets).where(eq(targets.id, target.id));
  return stopped ?? stopping;
}
