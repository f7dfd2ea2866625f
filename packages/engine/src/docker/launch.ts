import { EngineError } from '../errors';
import { assertImageReference } from '../reference';
import type { TargetLaunch } from '../types';
import { assertTargetId } from './names';

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

const isPort = (port: number) => Number.isInteger(port) && port >= 1 && port <= 65_535;

/**
 * Refuses a launch the engine would run unbounded (Docker reads a zero memory, CPU or pids limit
 * as none) or cannot run at all, before anything is made.
 */
export function assertLaunch(launch: TargetLaunch): void {
  assertTargetId(launch.targetId);
  assertImageReference(launch.image);
  const refuse = (problem: string) => {
    throw new EngineError('start_failed', `The target could not start: ${problem}.`);
  };
  if (!isPort(launch.containerPort)) refuse(`${launch.containerPort} is not a port`);
  if (!isPort(launch.hostPort)) refuse(`${launch.hostPort} is not a port`);
  // The engine's own minimum.
  if (!Number.isInteger(launch.memoryMb) || launch.memoryMb < 6) {
    refuse('its memory limit must be a whole number of MB, at least 6');
  }
  if (!(Number.isFinite(launch.cpus) && launch.cpus >= 0.01)) {
    refuse('its CPU limit must be at least 0.01');
  }
  if (!Number.isInteger(launch.pids) || launch.pids < 1) {
    refuse('its process limit must be at least 1');
  }
  if (launch.name !== undefined && !HOST_LABEL.test(launch.name)) {
    refuse(`"${launch.name}" is not a host name`);
  }
  for (const name of Object.keys(launch.env)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) refuse(`"${name}" is not an environment name`);
  }
}
