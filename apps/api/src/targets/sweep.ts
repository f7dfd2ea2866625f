import { ATTACK_BOX_KIND } from '@hackclass/contracts';
import type { TargetContainer } from '@hackclass/engine';
import { and, eq, lte, or } from 'drizzle-orm';
import { targets } from '../db/schema';
import { guardTargets } from './guard-targets';
import { pruneImages } from './prune-images';
import type { TargetService } from './service';
import { finishStopping, isActive } from './stop-targets';

const VANISHED = 'The target stopped unexpectedly';

const MINUTE_MS = 60_000;

/**
 * Stops running targets past their expiry, and attack boxes nobody typed in for the operator's
 * idle time; they end `expired`.
 */
async function expireTargets(service: TargetService, now: Date): Promise<void> {
  const idleSince = new Date(now.getTime() - service.config.attackBox.idleMinutes * MINUTE_MS);
  const expired = await service.db
    .select({ id: targets.id })
    .from(targets)
    .where(
      and(
        eq(targets.state, 'running'),
        or(
          lte(targets.expiresAt, now),
          and(eq(targets.kind, ATTACK_BOX_KIND), lte(targets.activeAt, idleSince)),
        ),
      ),
    );
  for (const { id } of expired) {
    await service.driver?.stop(id);
    await service.db
      .update(targets)
      .set({ state: 'expired', endedAt: new Date() })
      .where(and(eq(targets.id, id), eq(targets.state, 'running')));
  }
}

/** Finishes stops that did not complete (the process ended, or the engine failed meanwhile). */
async function finishStops(service: TargetService): Promise<void> {
  const stopping = await service.db
    .select({ id: targets.id })
    .from(targets)
    .where(eq(targets.state, 'stopping'));
  for (const { id } of stopping) await finishStopping(service, id);
}

/** Fails an active target; answers whether it was still active. */
async function fail(service: TargetService, targetId: string, code: string, message: string) {
  const failed = await service.db
    .update(targets)
    .set({ state: 'failed', failureCode: code, failureMessage: message, endedAt: new Date() })
    .where(and(eq(targets.id, targetId), isActive))
    .returning({ id: targets.id });
  return failed.length > 0;
}

const endedWhy = (container: TargetContainer | undefined) =>
  container?.oomKilled
    ? { code: 'out_of_memory', message: 'The target ran out of memory and stopped' }
    : { code: 'start_failed', message: VANISHED };

/**
 * Makes the engine and the database agree: containers and networks of this deployment that no
 * active target holds are removed (a network alone is what a crash between its creation and
 * its container's leaves); running targets whose container vanished or exited are `failed`; starting
 * ones with no container past the start timeout (twice that with one: a start cut short) too.
 * The engine is read first, so that a container started meanwhile always has its row; a running
 * target missing from that read is looked up again before it is failed.
 */
async function reconcile(service: TargetService, now: Date): Promise<void> {
  const driver = service.driver;
  if (!driver) return;
  const containers = new Map((await driver.list()).map((c) => [c.targetId, c]));
  const networks = await driver.networks();
  const active = await service.db
    .select({
      id: targets.id,
      kind: targets.kind,
      state: targets.state,
      createdAt: targets.createdAt,
    })
    .from(targets)
    .where(isActive);
  const held = new Set(active.map((row) => row.id));
  for (const targetId of new Set([...containers.keys(), ...networks])) {
    if (!held.has(targetId)) await driver.stop(targetId);
  }
  for (const row of active) {
    const container = containers.get(row.id);
    const age = now.getTime() - row.createdAt.getTime();
    if (row.state === 'running') {
      // A target that began running between the two reads has no container in the engine's
      // answer: asked again, the engine has it.
      const current = container?.running ? container : await driver.inspect(row.id);
      if (current?.running) continue;
      const { code, message } = endedWhy(current);
      await fail(service, row.id, code, message);
      if (current) await driver.stop(row.id);
    } else if (row.state === 'starting' && age > service.startTimeoutMs * (container ? 2 : 1)) {
      const code = 'start_failed';
      if (await fail(service, row.id, code, 'The target did not start in time: try again')) {
        service.metrics.failed(row.kind, code);
      }
      if (container) await driver.stop(row.id);
    }
  }
}

/**
 * One round of the janitor: the firewall guard, expiries, unfinished stops, the reconcile, then
 * the pulled images no lab uses any more.
 */
export async function sweep(service: TargetService, now = new Date()): Promise<void> {
  if (!service.driver) return;
  await guardTargets(service);
  await expireTargets(service, now);
  await finishStops(service);
  await reconcile(service, now);
  await pruneImages(service);
}
