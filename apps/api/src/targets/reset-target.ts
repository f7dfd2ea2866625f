import { apiErrors } from '../errors';
import { problemOf } from './failures';
import type { TargetFacts } from './find-targets';
import { boxLifetimeRule } from './present-target';
import type { TargetService } from './service';
import { startBox } from './start-box';
import { startTarget } from './start-target';
import { stopTarget } from './stop-target';

/**
 * A fresh target in place of a running one: the old container goes first (its slot and port
 * come free), then a new one starts, with a new flag in per-student mode; for an attack box, a
 * fresh box.
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
  const { userId, classroomId, labId } = target;
  if (labId === null) {
    const { box } = await startBox(service, { userId, classroomId });
    return { target: box, definition: boxLifetimeRule(service.config) };
  }
  return startTarget(service, { userId, classroomId, labId });
}
