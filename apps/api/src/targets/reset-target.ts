import { apiErrors } from '../errors';
import { problemOf } from './failures';
import type { TargetFacts } from './find-targets';
import type { TargetService } from './service';
import { startTarget } from './start-target';
import { stopTarget } from './stop-target';

/**
 * A fresh target in place of a running one: the old container goes first (its slot and port
 * come free), then a new one starts, with a new flag in per-student mode.
 */
export async function resetTarget(service: TargetService, { target }: TargetFacts) {
  if (target.state !== 'running' && target.state !== 'starting') {
    throw apiErrors.targetNotRunning();
  }
  if (!service.driver) throw apiErrors.targetsOff();
  try {
    await stopTarget(service, target, { wait: true });
  } catch (error) {
    // The old target stays `stopping`, for the janitor to finish.
    throw problemOf(error) ?? error;
  }
  return startTarget(service, {
    userId: target.userId,
    classroomId: target.classroomId,
    labId: target.labId,
  });
}
