import { type Duplex, PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import { EngineError } from '../errors';
import { assertImageReference } from '../reference';
import type { BoxDriver, BoxLaunch } from '../types';
import { boxContainerSpec, boxLabels, boxNetworkName, shellOf } from './box-spec';
import type { DiskBound } from './disk';
import { engineMessage, isNotFound, startError } from './engine-errors';
import { assertTargetId, objectName } from './names';
import { networkSpec } from './spec';

// Docker's attach reads Ctrl-P Ctrl-Q as "detach" unless told otherwise, and shells use both
// keys. No sequence can be switched off, so this one is as unlikely as typing allows.
const DETACH_KEYS = 'ctrl-^,ctrl-_,ctrl-^,ctrl-_,ctrl-^,ctrl-_';

const boxGone = (cause?: unknown) =>
  new EngineError('box_gone', 'This attack box is not running.', { cause });

const isWholeCells = (cells: number) => Number.isInteger(cells) && cells >= 1 && cells <= 1000;

function assertBoxLaunch(launch: BoxLaunch): void {
  assertTargetId(launch.boxId);
  assertImageReference(launch.image);
  if (!Number.isInteger(launch.memoryMb) || launch.memoryMb < 6) {
    throw new EngineError('start_failed', 'The box needs a memory limit of at least 6 MB.');
  }
  if (!(launch.cpus >= 0.01) || !Number.isInteger(launch.pids) || launch.pids < 1) {
    throw new EngineError('start_failed', 'The box needs CPU and process limits.');
  }
}

/** The terminal of a container from its start: its log, then live, with or without input. */
const attachTo = (container: Docker.Container, input: boolean) =>
  container.attach({
    stream: true,
    logs: true,
    stdout: true,
    stderr: true,
    stdin: input,
    hijack: input,
    detachKeys: DETACH_KEYS,
  });

// Run by the box's own shell, so that its user owns what it unpacks, under its own home.
const UNPACK = ['/bin/sh', '-c', 'cd && mkdir -p -- "$1" && tar -x -C "$1" -f -', 'unpack'];
const HOME_FOLDER = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * Runs `command folder` in the container with `input` as its standard input, until it exits:
 * undefined when it succeeds, else what it printed (or its exit code).
 */
async function runWithInput(
  container: Docker.Container,
  command: string[],
  folder: string,
  input: NodeJS.ReadableStream,
): Promise<string | undefined> {
  const exec = await container.exec({
    Cmd: [...command, folder],
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
  });
  const stream = await exec.start({ hijack: true, stdin: true });
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed = (printed + chunk.toString('utf8')).slice(-500);
  });
  container.modem.demuxStream(stream, output, output);
  const ended = new Promise<void>((resolve, reject) => {
    stream.once('end', resolve);
    stream.once('error', reject);
  });
  input.once('error', (error: unknown) => stream.destroy(error as Error));
  // The archive's end closes the box's side of input: tar reads to its end, and exits.
  input.pipe(stream);
  await ended;
  const { ExitCode } = await exec.inspect();
  return ExitCode === 0 ? undefined : printed.trim() || `exit code ${ExitCode}`;
}

/** What the Docker driver lends its attack boxes. */
export interface BoxEngine {
  docker: Docker;
  deploymentId: string;
  engineCall<T>(call: () => Promise<T>): Promise<T>;
  imageFor(image: string, pull: boolean | undefined): Promise<boolean>;
  createAndStart(
    network: Docker.NetworkCreateOptions,
    image: string,
    spec: (disk: DiskBound) => Promise<Docker.ContainerCreateOptions>,
    failure: (cause: unknown) => EngineError,
  ): Promise<{ containerId: string }>;
}

/** Attack boxes on a Docker engine: containers with a terminal, joined to their owner's targets. */
export function dockerBoxes({
  docker,
  deploymentId,
  engineCall,
  imageFor,
  createAndStart,
}: BoxEngine): BoxDriver {
  const containerOf = (boxId: string) => {
    assertTargetId(boxId);
    return docker.getContainer(objectName(boxId));
  };

  /** An engine call on the box's container, a missing or stopped one read as `box_gone`. */
  const onBox = <T>(boxId: string, call: (container: Docker.Container) => Promise<T>) => {
    const container = containerOf(boxId);
    return engineCall(() =>
      call(container).catch((error: unknown) => {
        if (isNotFound(error) || /is not running/i.test(engineMessage(error))) {
          throw boxGone(error);
        }
        throw error;
      }),
    );
  };

  return {
    async start(launch) {
      assertBoxLaunch(launch);
      const pulled = await imageFor(launch.image, launch.pull);
      const { containerId } = await engineCall(() =>
        createAndStart(
          networkSpec(
            deploymentId,
            boxLabels(launch),
            launch.outbound,
            boxNetworkName(launch.boxId),
          ),
          launch.image,
          async (disk) => {
            const { Config } = await docker.getImage(launch.image).inspect();
            return boxContainerSpec(deploymentId, launch, shellOf(Config), disk);
          },
          (cause) => startError(0, cause),
        ),
      );
      return { containerId, pulled };
    },

    attach(boxId) {
      return onBox(boxId, (container) => attachTo(container, true) as Promise<Duplex>);
    },

    watch(boxId) {
      return onBox(boxId, (container) => attachTo(container, false));
    },

    async resize(boxId, { cols, rows }) {
      if (!isWholeCells(cols) || !isWholeCells(rows)) {
        throw new TypeError(`Invalid terminal size: ${cols}×${rows}`);
      }
      await onBox(boxId, (container) => container.resize({ w: cols, h: rows }));
    },

    async unpack(boxId, folder, archive) {
      if (!HOME_FOLDER.test(folder) || folder.split('/').includes('..')) {
        throw new TypeError(`Invalid folder: ${folder}`);
      }
      const failure = await onBox(boxId, (container) =>
        runWithInput(container, UNPACK, folder, archive),
      );
      if (failure !== undefined) {
        throw new EngineError(
          'start_failed',
          `The files could not be unpacked in the box: ${failure}`,
        );
      }
    },

    async join(boxId, targetId) {
      assertTargetId(targetId);
      const network = docker.getNetwork(objectName(targetId));
      return engineCall(() =>
        network.connect({ Container: objectName(boxId) }).then(
          () => true,
          (error: unknown) => {
            if (/already exists/i.test(engineMessage(error))) return true;
            if (isNotFound(error)) return false;
            throw error;
          },
        ),
      );
    },
  };
}
