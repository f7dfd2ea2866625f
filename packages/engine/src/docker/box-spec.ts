import type Docker from 'dockerode';
import type { BoxLaunch } from '../types';
import { type DiskBound, diskHostConfig } from './disk';
import { labelsFor } from './labels';
import { objectName } from './names';
import { ULIMITS } from './spec';

const MIB = 1024 * 1024;

/** The box's labels: a target's, with no lab. */
export const boxLabels = (launch: BoxLaunch) => ({
  targetId: launch.boxId,
  labId: '',
  userId: launch.userId,
  classroomId: launch.classroomId,
});

/**
 * The box's own network. The engine routes a container's traffic to anywhere through the first
 * of its networks by name, and `hackclass--` comes before every target's `hackclass-<id>`: joining
 * a target (one with outbound, say) never moves the box's way out.
 */
export const boxNetworkName = (boxId: string) => `hackclass--box-${boxId}`;

// The image's own command is the student's shell; leaving it (`exit`, Ctrl-D) starts another on
// the same terminal, so the box and what it holds stay. The pause keeps a shell that cannot
// start from spinning.
const SHELL_AGAIN = 'while :; do "$@"; sleep 1; done';

/**
 * The box's container: the image's shell on a terminal that stays open between visits, on its
 * own network with no port published. Its limits are a target's, but for raw sockets (nmap's
 * scans, ping), which reach nothing beyond the networks it is on. Its screen is kept in its log
 * (a few hundred kB) for whoever attaches next.
 */
export function boxContainerSpec(
  deploymentId: string,
  launch: BoxLaunch,
  shell: string[],
  disk: DiskBound,
): Docker.ContainerCreateOptions {
  const memory = launch.memoryMb * MIB;
  const { Ulimits: diskUlimits = [], ...diskConfig } = diskHostConfig(disk, launch.memoryMb);
  return {
    name: objectName(launch.boxId),
    Hostname: 'attackbox',
    Image: launch.image,
    Entrypoint: ['/bin/sh', '-c', SHELL_AGAIN, 'attackbox'],
    Cmd: shell,
    Env: ['TERM=xterm-256color'],
    Tty: true,
    OpenStdin: true,
    StdinOnce: false,
    Labels: labelsFor(deploymentId, boxLabels(launch)),
    HostConfig: {
      NetworkMode: boxNetworkName(launch.boxId),
      CapDrop: ['ALL'],
      CapAdd: ['NET_RAW'],
      SecurityOpt: ['no-new-privileges:true'],
      Privileged: false,
      Memory: memory,
      MemorySwap: memory,
      NanoCpus: Math.round(launch.cpus * 1e9),
      PidsLimit: launch.pids,
      // Reaps what students leave running in the background.
      Init: true,
      RestartPolicy: { Name: 'no' },
      IpcMode: 'private',
      Sysctls: { 'net.ipv4.ip_unprivileged_port_start': '0' },
      LogConfig: { Type: 'json-file', Config: { 'max-size': '256k', 'max-file': '2' } },
      Ulimits: [...ULIMITS, ...diskUlimits],
      ...diskConfig,
    },
  };
}

type Command = string | string[] | null | undefined;

// A command in the Dockerfile's shell form is a string for /bin/sh -c.
const words = (command: Command) =>
  typeof command === 'string' ? ['/bin/sh', '-c', command] : (command ?? []);

/** The shell an image runs: its entrypoint and command, or `/bin/sh` when it names none. */
export function shellOf(config: { Entrypoint?: Command; Cmd?: Command }): string[] {
  const command = [...words(config.Entrypoint), ...words(config.Cmd)];
  return command.length > 0 ? command : ['/bin/sh'];
}
