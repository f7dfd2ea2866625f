import type Docker from 'dockerode';
import { dockerClient } from './client';
import { dialGet } from './dial';
import { asEngineError, engineFailure, isNotFound, startError, unreachable } from './engine-errors';
import { EngineError } from './errors';
import { bridgeVisible, installGuard, unguarded } from './firewall';
import { checkImage, ensureImage } from './images';
import { labelFilter, labelsOf } from './labels';
import { assertTargetId, bridgeName } from './names';
import { assertImageReference } from './reference';
import { containerSpec, networkSpec } from './spec';
import type { IsolationReport, TargetContainer, TargetDriver, TargetLaunch } from './types';

export interface DockerDriverOptions {
  /** This deployment's id: every container and network carries it, list() filters by it. */
  deploymentId: string;
  /** The host address target ports are published on (LAB_BIND_ADDRESS). */
  bindAddress: string;
  /** The Engine API's address; absent: DOCKER_HOST or the default socket. */
  dockerHost?: string | undefined;
  /** `auto` (default) installs the host firewall guard when it can; `off` leaves it to the operator. */
  firewall?: 'auto' | 'off';
  /** How long Check image waits for a registry. */
  registryTimeoutMs?: number;
  /** How long a start waits for a pull. */
  pullTimeoutMs?: number;
}

const PING_TIMEOUT_MS = 5_000;

/** The Docker driver always reports on the host firewall guard. */
export type DockerTargetDriver = TargetDriver & Required<Pick<TargetDriver, 'isolation'>>;

export function dockerDriver(options: DockerDriverOptions): DockerTargetDriver {
  const docker = dockerClient(options.dockerHost);
  const { deploymentId, bindAddress } = options;
  // close() aborts pulls and registry checks still under way.
  const lifetime = new AbortController();
  let guard: Promise<IsolationReport> | undefined;
  let report: IsolationReport | undefined;

  const engineCall = async <T>(call: () => Promise<T>): Promise<T> => {
    if (lifetime.signal.aborted) throw unreachable(lifetime.signal.reason);
    try {
      return await call();
    } catch (error) {
      throw asEngineError(error, engineFailure);
    }
  };

  // One installation at a time, checked again at every start: a firewall reload may drop them.
  const ensureGuard = (bridge: string): Promise<IsolationReport> => {
    const previous = guard ?? Promise.resolve(undefined);
    guard = previous.then(async () => {
      if (options.firewall === 'off')
        return unguarded('the driver was told to leave them to the operator');
      if (!bridgeVisible(bridge)) {
        return unguarded(
          "the engine's network interfaces are not visible from here (HackClass runs in another network namespace or uses a remote engine)",
        );
      }
      return installGuard();
    });
    return guard.then((latest) => {
      report = latest;
      return latest;
    });
  };

  const containersOf = async (targetId?: string) =>
    engineCall(() =>
      docker.listContainers({ all: true, filters: labelFilter(deploymentId, targetId) }),
    );

  const describe = async (containerId: string): Promise<TargetContainer | undefined> => {
    try {
      const info = await docker.getContainer(containerId).inspect();
      const startedAt = info.State.Running ? new Date(info.State.StartedAt) : null;
      return {
        ...labelsOf(info.Config.Labels),
        containerId: info.Id,
        running: info.State.Running,
        exitCode: info.State.Running ? null : info.State.ExitCode,
        oomKilled: info.State.OOMKilled,
        startedAt,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw asEngineError(error, engineFailure);
    }
  };

  const removeTarget = async (targetId: string) => {
    for (const container of await containersOf(targetId)) {
      await engineCall(() => removeContainer(docker.getContainer(container.Id)));
    }
    const networks = await engineCall(() =>
      docker.listNetworks({ filters: labelFilter(deploymentId, targetId) }),
    );
    for (const network of networks) {
      await engineCall(() => removeNetwork(docker.getNetwork(network.Id)));
    }
  };

  return {
    name: 'docker',

    async ping() {
      if (lifetime.signal.aborted) throw unreachable(lifetime.signal.reason);
      try {
        await dialGet(docker, '/_ping', AbortSignal.timeout(PING_TIMEOUT_MS));
      } catch (error) {
        throw unreachable(error);
      }
    },

    async checkImage(image) {
      assertImageReference(image);
      return engineCall(() => checkImage(docker, image, options.registryTimeoutMs ?? 5_000));
    },

    async start(launch: TargetLaunch) {
      assertTargetId(launch.targetId);
      assertImageReference(launch.image);
      const pullSignal = AbortSignal.any([
        lifetime.signal,
        AbortSignal.timeout(options.pullTimeoutMs ?? 600_000),
      ]);
      await engineCall(() => ensureImage(docker, launch.image, pullSignal));
      let network: Docker.Network | undefined;
      let container: Docker.Container | undefined;
      try {
        const created = await docker.createNetwork(networkSpec(deploymentId, launch));
        network = created;
        await ensureGuard(bridgeName(launch.targetId, launch.outbound));
        container = await docker.createContainer(containerSpec(deploymentId, bindAddress, launch));
        await container.start();
        return { containerId: container.id };
      } catch (error) {
        await cleanUp(container, network);
        throw asEngineError(error, (cause) => startError(launch.hostPort, cause));
      }
    },

    async inspect(targetId) {
      assertTargetId(targetId);
      const [container] = await containersOf(targetId);
      return container === undefined ? undefined : engineCall(() => describe(container.Id));
    },

    async stop(targetId) {
      assertTargetId(targetId);
      await removeTarget(targetId);
    },

    async list() {
      const found = await Promise.all((await containersOf()).map((c) => describe(c.Id)));
      return found.filter((container) => container !== undefined);
    },

    async isolation() {
      return (
        report ??
        (options.firewall === 'off'
          ? unguarded('the driver was told to leave them to the operator')
          : installGuard())
      );
    },

    async close() {
      lifetime.abort(new EngineError('engine_unreachable', 'The target driver is shut down.'));
    },
  };
}

async function removeContainer(container: Docker.Container) {
  try {
    // v: anonymous volumes the image declares go with it.
    await container.remove({ force: true, v: true });
  } catch (error) {
    // 404: already gone; 409: its removal is already under way.
    if (isNotFound(error) || statusOfConflict(error)) return;
    throw error;
  }
}

async function removeNetwork(network: Docker.Network) {
  try {
    await network.remove();
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
}

const statusOfConflict = (error: unknown) =>
  (error as { statusCode?: unknown }).statusCode === 409 &&
  /already in progress/i.test(String((error as { message?: unknown }).message));

/** Removes what a failed start made, keeping the start's own error the one reported. */
async function cleanUp(
  container: Docker.Container | undefined,
  network: Docker.Network | undefined,
) {
  await Promise.allSettled([container && removeContainer(container)]);
  await Promise.allSettled([network && removeNetwork(network)]);
}
