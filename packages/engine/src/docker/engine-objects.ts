import type Docker from 'dockerode';
import type { TargetContainer } from '../types';
import { engineMessage, isNotFound, statusOf } from './engine-errors';
import { labelsOf } from './labels';

// The engine's zero time: a container that never started.
const NEVER = '0001-01-01T00:00:00Z';

/** What inspect() and list() report of a container; undefined once it is gone. */
export async function describeContainer(
  docker: Docker,
  containerId: string,
): Promise<TargetContainer | undefined> {
  try {
    const { Id, Config, State } = await docker.getContainer(containerId).inspect();
    const ended = State.Status === 'exited' || State.Status === 'dead';
    return {
      ...labelsOf(Config.Labels),
      containerId: Id,
      running: State.Running,
      exitCode: ended ? State.ExitCode : null,
      oomKilled: State.OOMKilled,
      startedAt: State.StartedAt && State.StartedAt !== NEVER ? new Date(State.StartedAt) : null,
    };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function removeContainer(container: Docker.Container): Promise<void> {
  try {
    // v: anonymous volumes the image declares go with it.
    await container.remove({ force: true, v: true });
  } catch (error) {
    // 404: already gone; 409: another stop is removing it.
    if (isNotFound(error)) return;
    if (statusOf(error) === 409 && /already in progress/i.test(engineMessage(error))) return;
    throw error;
  }
}

/**
 * Removes a network, waiting (bounded) while a concurrent stop still removes its container:
 * the engine refuses a network with active endpoints.
 */
export async function removeNetwork(network: Docker.Network): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await network.remove();
      return;
    } catch (error) {
      if (isNotFound(error)) return;
      if (attempt === 20 || !/active endpoints/i.test(engineMessage(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Disconnects every container from a network (gone already: nothing to do). */
export async function detachAll(network: Docker.Network): Promise<void> {
  let containers: string[];
  try {
    containers = Object.keys((await network.inspect()).Containers ?? {});
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  for (const container of containers) {
    await network.disconnect({ Container: container, Force: true }).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}

/** The host interface of one of the engine's bridge networks, if it has any. */
export async function anyBridge(docker: Docker): Promise<string | undefined> {
  const [bridge] = await docker.listNetworks({ filters: { driver: ['bridge'] } });
  if (bridge === undefined) return undefined;
  // Docker names a bridge br-<12 characters of the network id> unless told otherwise.
  return bridge.Options?.['com.docker.network.bridge.name'] ?? `br-${bridge.Id.slice(0, 12)}`;
}
