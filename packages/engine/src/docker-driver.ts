import type Docker from 'dockerode';
import { dockerClient } from './client';
import { dialGet } from './dial';
import { asEngineError, engineFailure, startError, unreachable } from './engine-errors';
import { anyBridge, describeContainer, removeContainer, removeNetwork } from './engine-objects';
import { EngineError } from './errors';
import { firewallGuard } from './guard';
import { checkImage, ensureImage } from './images';
import { labelFilter, labelsOf } from './labels';
import { assertLaunch } from './launch';
import { assertTargetId, bridgeName } from './names';
import { createTargetNetwork } from './network';
import { assertImageReference } from './reference';
import { containerSpec, networkSpec } from './spec';
import { assertSubnetPool } from './subnets';
import type { TargetDriver, TargetLaunch } from './types';

export interface DockerDriverOptions {
  /** This deployment's id: every container and network carries it, list() filters by it. */
  deploymentId: string;
  /** The host address target ports are published on (LAB_BIND_ADDRESS). */
  bindAddress: string;
  /** The Engine API's address; absent: DOCKER_HOST or the default socket. */
  dockerHost?: string | undefined;
  /**
   * An IPv4 range (CIDR, /28 or wider) each target's network takes a /28 of; absent: the
   * engine's default address pools, which hold about 30 networks.
   */
  subnetPool?: string | undefined;
  /** `auto` (default) installs the host firewall guard where it can; `off` leaves it to the operator. */
  firewall?: 'auto' | 'off';
  /** How long Check image waits for a registry. */
  registryTimeoutMs?: number;
  /** How long a start waits for a pull. */
  pullTimeoutMs?: number;
}

/** The Docker driver always reports on the host firewall guard. */
export type DockerTargetDriver = TargetDriver & Required<Pick<TargetDriver, 'isolation'>>;

const PING_TIMEOUT_MS = 5_000;

export function dockerDriver(options: DockerDriverOptions): DockerTargetDriver {
  if (options.subnetPool !== undefined) assertSubnetPool(options.subnetPool);
  const docker = dockerClient(options.dockerHost);
  const { deploymentId, bindAddress } = options;
  const guard = firewallGuard(options.firewall ?? 'auto', () =>
    anyBridge(docker).catch(() => undefined),
  );
  // close() aborts pulls and registry checks still under way, and refuses later calls.
  const lifetime = new AbortController();

  const engineCall = async <T>(call: () => Promise<T>): Promise<T> => {
    if (lifetime.signal.aborted) throw unreachable(lifetime.signal.reason);
    try {
      return await call();
    } catch (error) {
      throw asEngineError(error, engineFailure);
    }
  };

  const containersOf = (targetId?: string) =>
    engineCall(() =>
      docker.listContainers({ all: true, filters: labelFilter(deploymentId, targetId) }),
    );

  const createAndStart = async (launch: TargetLaunch) => {
    let network: Docker.Network | undefined;
    let container: Docker.Container | undefined;
    try {
      network = await createTargetNetwork(
        docker,
        networkSpec(deploymentId, launch),
        options.subnetPool,
      );
      await guard.ensure(bridgeName(launch.targetId, launch.outbound));
      container = await docker.createContainer(containerSpec(deploymentId, bindAddress, launch));
      await container.start();
      return { containerId: container.id };
    } catch (error) {
      // What this start made goes; its own error stays the one reported.
      if (container) await removeContainer(container).catch(() => undefined);
      if (network) await removeNetwork(network).catch(() => undefined);
      throw asEngineError(error, (cause) => startError(launch.hostPort, cause));
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

    async start(launch) {
      assertLaunch(launch);
      const pullSignal = AbortSignal.any([
        lifetime.signal,
        AbortSignal.timeout(options.pullTimeoutMs ?? 600_000),
      ]);
      await engineCall(() => ensureImage(docker, launch.image, pullSignal));
      return engineCall(() => createAndStart(launch));
    },

    async inspect(targetId) {
      assertTargetId(targetId);
      const [container] = await containersOf(targetId);
      return container && engineCall(() => describeContainer(docker, container.Id));
    },

    async stop(targetId) {
      assertTargetId(targetId);
      for (const container of await containersOf(targetId)) {
        await engineCall(() => removeContainer(docker.getContainer(container.Id)));
      }
      const filters = labelFilter(deploymentId, targetId);
      for (const network of await engineCall(() => docker.listNetworks({ filters }))) {
        await engineCall(() => removeNetwork(docker.getNetwork(network.Id)));
      }
    },

    async list() {
      const containers = await containersOf();
      const found = await engineCall(() =>
        Promise.all(containers.map((container) => describeContainer(docker, container.Id))),
      );
      return found.filter((container) => container !== undefined);
    },

    async networks() {
      const filters = labelFilter(deploymentId);
      const found = await engineCall(() => docker.listNetworks({ filters }));
      return found.map((network) => labelsOf(network.Labels).targetId).filter((id) => id !== '');
    },

    isolation: () => guard.report(),

    async close() {
      lifetime.abort(new EngineError('engine_unreachable', 'The target driver is shut down.'));
    },
  };
}
