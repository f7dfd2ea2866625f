import type { Subscriber } from '../domain-events/dispatcher';
import type { TargetService } from '../targets/service';
import { releaseTargets } from '../targets/stop-targets';

/** Removes the containers of targets a committed change marked `stopping`. */
export const targetRelease = (targets: TargetService): Subscriber => ({
  name: 'target release',
  on: { 'targets.stopping': ({ targetIds }) => releaseTargets(targets, targetIds) },
});
