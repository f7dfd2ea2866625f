import type Docker from 'dockerode';
import type { TargetLabels, TargetLaunch } from '../types';
import { type DiskBound, diskHostConfig } from './disk';
import { labelsFor } from './labels';
import { bridgeName, objectName } from './names';

const MIB = 1024 * 1024;

/**
 * A target's (or attack box's) own bridge network. Docker keeps bridge networks from each other;
 * on one, the target talks only with its owner's attack box when that joins it. Without
 * outbound there is no NAT: nothing the target sends is masqueraded onto the host's networks.
 * The host firewall guard (firewall.ts) adds what Docker leaves open: the host itself, and
 * routed traffic without NAT.
 */
export function networkSpec(
  deploymentId: string,
  labels: TargetLabels,
  outbound: boolean,
  name = objectName(labels.targetId),
): Docker.NetworkCreateOptions {
  return {
    Name: name,
    Driver: 'bridge',
    CheckDuplicate: true,
    Labels: labelsFor(deploymentId, labels),
    Options: {
      'com.docker.network.bridge.name': bridgeName(labels.targetId, outbound),
      'com.docker.network.bridge.enable_icc': 'true',
      'com.docker.network.bridge.enable_ip_masquerade': String(outbound),
    },
  };
}

/** The host interface a network of `networkSpec` gets. */
export const bridgeOf = (network: Docker.NetworkCreateOptions) =>
  network.Options?.['com.docker.network.bridge.name'] ?? '';

// Otherwise a target (or box) inherits the engine's limits: 20 000 open files on the reviewed host, and
// core dumps of its memory wherever the host's core_pattern sends them (a program writing to the
// host's disk, beyond any bound). Processes are bounded by PidsLimit: nproc counts per user over
// the whole host, and never counts root.
const ULIMITS = [
  { Name: 'nofile', Soft: 1024, Hard: 4096 },
  { Name: 'core', Soft: 0, Hard: 0 },
];

/**
 * What every target and attack box runs under: no capability, no new privileges, its memory,
 * CPU and process limits, its disk bound, private IPC, and the process limits of ULIMITS.
 */
export function confinement(
  { memoryMb, cpus, pids }: { memoryMb: number; cpus: number; pids: number },
  disk: DiskBound,
): Docker.HostConfig {
  const memory = memoryMb * MIB;
  const { Ulimits: diskUlimits = [], ...diskConfig } = diskHostConfig(disk, memoryMb);
  return {
    CapDrop: ['ALL'],
    SecurityOpt: ['no-new-privileges:true'],
    Privileged: false,
    Memory: memory,
    // Equal to Memory: no swap on top of it.
    MemorySwap: memory,
    NanoCpus: Math.round(cpus * 1e9),
    PidsLimit: pids,
    IpcMode: 'private',
    // Root in the container binds ports below 1024 without NET_BIND_SERVICE.
    Sysctls: { 'net.ipv4.ip_unprivileged_port_start': '0' },
    Ulimits: [...ULIMITS, ...diskUlimits],
    ...diskConfig,
  };
}

export function containerSpec(
  deploymentId: string,
  hostAddress: string,
  launch: TargetLaunch,
  disk: DiskBound,
): Docker.ContainerCreateOptions {
  const port = `${launch.containerPort}/tcp`;
  return {
    name: objectName(launch.targetId),
    Image: launch.image,
    Env: Object.entries(launch.env).map(([name, value]) => `${name}=${value}`),
    Labels: labelsFor(deploymentId, launch),
    ExposedPorts: { [port]: {} },
    HostConfig: {
      NetworkMode: objectName(launch.targetId),
      PortBindings: { [port]: [{ HostIp: hostAddress, HostPort: String(launch.hostPort) }] },
      ...confinement(launch, disk),
      RestartPolicy: { Name: 'no' },
      // A chatty target cannot fill the host's disk with its log.
      LogConfig: { Type: 'json-file', Config: { 'max-size': '1m', 'max-file': '1' } },
    },
    ...(launch.name === undefined
      ? {}
      : {
          NetworkingConfig: {
            EndpointsConfig: { [objectName(launch.targetId)]: { Aliases: [launch.name] } },
          },
        }),
  };
}
