import type { LabTarget } from '@hackclass/contracts';
import { TARGET_FLAG_VARIABLE } from '@hackclass/contracts';
import { targets } from '../db/schema';
import { failStart, secondsSince, stillStarting } from './fail-start';
import { failureOf } from './failures';
import { mayPull } from './image-policy';
import { joinOwnersBox } from './join-boxes';
import { waitUntilServing } from './port-ready';
import type { TargetRow } from './present-target';
import { recordPull } from './prune-images';
import type { TargetService } from './service';

const MINUTE_MS = 60_000;

/**
 * Starts the container of a `starting` target after the request has answered, waits until its
 * port serves, and records it `running` with its expiry, or `failed` with a sentence a student
 * can read. A target stopped meanwhile has its container removed again.
 */
export function launchTarget(
  service: TargetService,
  target: TargetRow,
  definition: LabTarget,
  labSlug: string,
) {
  const { driver, db } = service;
  if (!driver || target.hostPort === null) return;
  const { hostPort } = target;
  service.background('starting a target', async (signal) => {
    try {
      const env = Object.fromEntries(definition.env.map(({ name, value }) => [name, value]));
      if (target.flag !== null) env[TARGET_FLAG_VARIABLE] = target.flag;
      const { containerId, pulled, reach } = await driver.start({
        targetId: target.id,
        labId: target.labId ?? '',
        userId: target.userId,
        classroomId: target.classroomId,
        image: definition.image,
        kind: definition.kind,
        containerPort: definition.port,
        hostPort,
        env,
        memoryMb: definition.memoryMb,
        cpus: definition.cpus,
        pids: definition.pids,
        outbound: definition.outbound,
        pull: mayPull(definition.image, service.config.imageAllow),
        name: labSlug,
      });
      if (pulled) await recordPull(service, definition.image);
      const recorded = await db
        .update(targets)
        .set({
          containerId,
          reachHost: reach.internal.host,
          reachPort: reach.internal.port,
          exposedHost: reach.exposed?.host ?? null,
          exposedPort: reach.exposed?.port ?? null,
        })
        .where(stillStarting(target.id))
        .returning({ id: targets.id });
      if (recorded.length === 0) {
        await driver.stop(target.id);
        return;
      }
      await joinOwnersBox(service, target);
      await waitUntilServing(
        driver,
        { id: target.id, ...reach.internal },
        { timeoutMs: service.startTimeoutMs, signal },
      );
      const startedAt = new Date();
      const running = await db
        .update(targets)
        .set({
          state: 'running',
          startedAt,
          expiresAt: new Date(startedAt.getTime() + definition.lifetimeMinutes * MINUTE_MS),
        })
        .where(stillStarting(target.id))
        .returning({ id: targets.id });
      if (running.length > 0) {
        service.metrics.started(target.kind, secondsSince(target.createdAt, startedAt));
      }
    } catch (error) {
      // Closing: the next reconcile decides about a target caught half-way.
      if (signal.aborted) return;
      service.log.warn({ err: error, targetId: target.id }, 'target failed to start');
      await failStart(service, target, failureOf(error));
    }
  });
}
