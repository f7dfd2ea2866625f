import { targets } from '../db/schema';
import { failStart, secondsSince, stillStarting } from './fail-start';
import { failureOf } from './failures';
import { joinOwnersTargets } from './join-boxes';
import type { TargetRow } from './present-target';
import type { TargetService } from './service';

const MINUTE_MS = 60_000;

/** Why a box failed, as the student reads it: the operator's image named as theirs. */
function boxFailureOf(error: unknown) {
  const failure = failureOf(error);
  return failure.code === 'image_missing' || failure.code === 'pull_denied'
    ? { ...failure, message: 'This server’s attack box image is missing: tell your teacher.' }
    : failure;
}

/**
 * Starts a `starting` box's container after the request has answered, joins it to its owner's
 * targets and records it `running` with its expiry, or `failed` with a sentence the student
 * reads. A box stopped meanwhile has its container removed again.
 */
export function launchBox(service: TargetService, box: TargetRow): void {
  const boxes = service.driver?.boxes;
  const { image, ...settings } = service.config.attackBox;
  if (!boxes || image === undefined) return;
  service.background('starting an attack box', async (signal) => {
    try {
      const { containerId } = await boxes.start({
        boxId: box.id,
        userId: box.userId,
        classroomId: box.classroomId,
        image,
        memoryMb: settings.memoryMb,
        cpus: settings.cpus,
        pids: settings.pids,
        outbound: settings.outbound && service.config.allowOutbound,
      });
      const startedAt = new Date();
      const recorded = await service.db
        .update(targets)
        .set({
          containerId,
          state: 'running',
          startedAt,
          activeAt: startedAt,
          expiresAt: new Date(startedAt.getTime() + settings.lifetimeMinutes * MINUTE_MS),
        })
        .where(stillStarting(box.id))
        .returning({ id: targets.id });
      if (recorded.length === 0) {
        await service.driver?.stop(box.id);
        return;
      }
      service.metrics.started(box.kind, secondsSince(box.createdAt, startedAt));
      await joinOwnersTargets(service, box);
    } catch (error) {
      if (signal.aborted) return;
      service.log.warn({ err: error, boxId: box.id }, 'attack box failed to start');
      await failStart(service, box, boxFailureOf(error));
    }
  });
}
