import { and, inArray } from 'drizzle-orm';
import { targets } from '../db/schema';
import type { TargetService } from './service';
import { isActive } from './stop-targets';

const STOPPED_UNGUARDED =
  'The target was stopped: the server could no longer keep it apart from its other services';

/**
 * The janitor's firewall round: the guard is checked again (a firewall reload drops its rules)
 * and rules gone missing are put back. Where they cannot be, targets are stopped rather than
 * left running unguarded, and failed saying so; starts are refused until the guard is back.
 */
export async function guardTargets(service: TargetService): Promise<void> {
  const { driver } = service;
  if (!driver?.guardIsolation) return;
  const report = await driver.guardIsolation();
  if (report.guarded || report.leftToOperator) return;
  const active = await service.db.select({ id: targets.id }).from(targets).where(isActive);
  if (active.length === 0) return;
  service.log.error(`targets: stopping ${active.length} unguarded targets. ${report.message}`);
  for (const { id } of active) await driver.stop(id);
  await service.db
    .update(targets)
    .set({
      state: 'failed',
      failureCode: 'isolation_unavailable',
      failureMessage: STOPPED_UNGUARDED,
      endedAt: new Date(),
    })
    .where(
      and(
        inArray(
          targets.id,
          active.map(({ id }) => id),
        ),
        isActive,
      ),
    );
}
