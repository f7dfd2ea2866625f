import type Docker from 'dockerode';
import type { BoxLaunch } from '../types';
import type { DiskBound } from './disk';
import { labelsFor } from './labels';
import { objectName } from './names';
import { confinement } from './spec';

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
      ...confinement(launch, disk),
      CapAdd: ['NET_RAW'],
      // Reaps what students leave running in the background.
      Init: true,
      RestartPolicy: { Name: 'no' },
      LogConfig: { Type: 'json-file', Config: { 'max-size': '256k', 'max-file': '2' } },
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
