import type Docker from 'dockerode';
import { EngineError } from '../errors';
import { assertImageReference } from '../reference';
import type { TargetDriver } from '../types';
import { dockerBoxes } from './boxes';
import { dockerClient } from './client';
import { dialGet } from './dial';
import type { DiskBound, DiskLimit } from './disk';
import { diskBounds } from './disk-bound';
import {
  asEngineError,
  engineFailure,
  isolationUnavailable,
  startError,
  unreachable,
} from './engine-errors';
import {
  anyBridge,
  describeContainer,
  detachAll,
  removeContainer,
  removeNetwork,
} from './engine-objects';
import { firewallGuard } from './guard';
import { checkImage, ensureImage, hasImage, removeImage } from './images';
import { labelFilter, labelsOf } from './labels';
import { assertLaunch } from './launch';
import { assertTargetId } from './names';
import { createTargetNetwork } from './network';
import { publishedAddress, reachOf, type TcpExposure } from './reach';
import { bridgeOf, containerSpec, networkSpec } from './spec';
import { assertSubnetPool } from './subnets';

export interface DockerDriverOptions {
  /** This deployment's id: every container and network carries it, list() filters by it. */
  deploymentId: string;
  /**
   * The host address target ports are published on (LAB_BIND_ADDRESS) unless TCP targets are
   * exposed: where HackClass's proxy and tunnel reach targets, and students must not.
   */
  bindAddress: string;
  /** Set where the operator exposes TCP targets to students; absent: the tunnel only. */
  exposeTcp?: TcpExposure | undefined;
  /** The Engine API's address; absent: DOCKER_HOST or the default socket. */
  dockerHost?: string | undefined;
  /**
   * An IPv4 range (CIDR, /28 or wider) each target's network takes a /28 of; absent: the
   * engine's default address pools, which hold about 30 networks.
   */
  subnetPool?: string | undefined;
  /**
   * `auto` (default) installs the host firewall guard, and no target starts where it cannot;
   * `off` leaves the rules to the operator, and targets start without HackClass's check.
   */
  firewall?: 'auto' | 'off';
  /**
   * How each target's disk is bounded (README, "Disk"); absent: `auto`, a quota where the
   * engine keeps one, else a read-only root.
   */
  diskLimit?: DiskLimit;
  /** The most one target writes to the host's disk, in MB; absent: 1024. */
  diskMb?: number;
  /** The iptables the guard runs; absent: the first of the usual paths. */
  iptables?: string | undefined;
  /**
   * Private networks (IPv4 CIDRs) targets with outbound may reach all the same; every other
   * private range and the host's own networks are dropped for them (LAB_OUTBOUND_ALLOW).
   */
  outboundAllowed?: string[];
  /** How long Check image waits for a registry. */
  registryTimeoutMs?: number;
  /** How long a start waits for a pull. */
  pullTimeoutMs?: number;
  /** The most a pull downloads, in MB of the image's layers; absent: 4096. */
  pullMaxMb?: number;
}

/**
 * The Docker driver always reports on the host firewall guard, checks it on demand, and runs
 * attack boxes.
 */
export type DockerTargetDriver = TargetDriver &
  Required<Pick<TargetDriver, 'isolation' | 'guardIsolation' | 'boxes'>>;

const PING_TIMEOUT_MS = 5_000;

export function dockerDriver(options: DockerDriverOptions): DockerTargetDriver {
  if (options.subnetPool !== undefined) assertSubnetPool(options.subnetPool);
  const docker = dockerClient(options.dockerHost);
  const { deploymentId, bindAddress } = options;
  const guard = firewallGuard(
    options.firewall ?? 'auto',
    () => anyBridge(docker).catch(() => undefined),
    { iptables: options.iptables, outboundAllowed: options.outboundAllowed },
  );
  const diskOf = diskBounds(docker, options.diskLimit ?? 'auto', options.diskMb ?? 1024);
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

  /**
   * Makes the network `networkOptions` describe, checks the guard on its bridge, then creates
   * and starts the container `spec` describes for the image's disk bound; on failure removes
   * what it made and throws `failure` of the engine's error.
   */
  const createAndStart = async (
    networkOptions: Docker.NetworkCreateOptions,
    image: string,
    spec: (
      disk: DiskBound,
    ) => Docker.ContainerCreateOptions | Promise<Docker.ContainerCreateOptions>,
    failure: (cause: unknown) => EngineError,
  ) => {
    let network: Docker.Network | undefined;
    let container: Docker.Container | undefined;
    try {
      network = await createTargetNetwork(docker, networkOptions, options.subnetPool);
      const isolation = await guard.ensure(bridgeOf(networkOptions));
      if (!isolation.guarded && !isolation.leftToOperator) throw isolationUnavailable(isolation);
      container = await docker.createContainer(await spec(await diskOf(image)));
      await container.start();
      return { containerId: container.id };
    } catch (error) {
      // What this start made goes; its own error stays the one reported.
      if (container) await removeContainer(container).catch(() => undefined);
      if (network) await removeNetwork(network).catch(() => undefined);
      throw asEngineError(error, failure);
    }
  };

  /** The image, pulled first where it is absent and may be, within the operator's bounds. */
  const imageFor = (image: string, pull: boolean | undefined) => {
    const signal = AbortSignal.any([
      lifetime.signal,
      AbortSignal.timeout(options.pullTimeoutMs ?? 600_000),
    ]);
    return engineCall(() =>
      ensureImage(docker, image, {
        pull: pull ?? true,
        signal,
        maxMb: options.pullMaxMb ?? 4096,
      }),
    );
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

    async hasImage(image) {
      assertImageReference(image);
      return engineCall(() => hasImage(docker, image));
    },

    async checkImage(image) {
      assertImageReference(image);
      return engineCall(() => checkImage(docker, image, options.registryTimeoutMs ?? 5_000));
    },

    async start(launch) {
      assertLaunch(launch);
      const pulled = await imageFor(launch.image, launch.pull);
      const exposure = publishedAddress(launch.kind, bindAddress, options.exposeTcp);
      const { containerId } = await engineCall(() =>
        createAndStart(
          networkSpec(deploymentId, launch, launch.outbound),
          launch.image,
          (disk) => containerSpec(deploymentId, exposure, launch, disk),
          (cause) => startError(launch.hostPort, cause),
        ),
      );
      return { containerId, pulled, reach: reachOf(launch, bindAddress, options.exposeTcp) };
    },

    async removeImage(image) {
      assertImageReference(image);
      return engineCall(() => removeImage(docker, image));
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
        // An attack box that joined the target's network leaves it first.
        await engineCall(() => detachAll(docker.getNetwork(network.Id)));
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

    guardIsolation: () => guard.refresh(),

    boxes: dockerBoxes({ docker, deploymentId, engineCall, imageFor, createAndStart }),

    async close() {
      lifetime.abort(new EngineError('engine_unreachable', 'The target driver is shut down.'));
    },
  };
}
