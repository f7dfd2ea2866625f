import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import Docker from 'dockerode';
import type { TargetLaunch } from '../src/types';
import { freePort } from './ports';

export { freePort };

export const docker = new Docker();

/** Whether an engine answers here; the engine tests skip, saying so, when none does. */
export const engineAnswers = await docker.ping().then(
  () => true,
  () => {
    console.warn('No container engine answers (docker info fails): the engine tests are skipped.');
    return false;
  },
);

/** A deployment id of its own per test file; removeTestLeftovers() knows the `test-` prefix. */
export const testDeploymentId = () => `test-${randomBytes(6).toString('hex')}`;

export async function launchOf(
  image: string,
  overrides: Partial<TargetLaunch> = {},
): Promise<TargetLaunch> {
  return {
    targetId: randomUUID(),
    labId: randomUUID(),
    userId: randomUUID(),
    classroomId: randomUUID(),
    image,
    kind: 'http',
    containerPort: 8080,
    hostPort: await freePort(),
    env: { HACKCLASS_FLAG: `HC{${randomBytes(8).toString('hex')}}` },
    memoryMb: 64,
    cpus: 0.5,
    pids: 64,
    outbound: false,
    ...overrides,
  };
}

/** GETs a published page, waiting (bounded) for the target's server to listen. */
export async function fetchPage(port: number, path = '/'): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      if (response.ok) return await response.text();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Nothing served on 127.0.0.1:${port}${path}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a command inside a container (busybox applets), returning its exit code and output. */
export async function execIn(
  containerId: string,
  command: string[],
): Promise<{ exitCode: number | null; output: string }> {
  const exec = await docker.getContainer(containerId).exec({
    Cmd: ['/bin/busybox', ...command],
    AttachStdout: true,
    AttachStderr: true,
  });
  const stream = await exec.start({ hijack: true, stdin: false });
  const sink = new PassThrough();
  let output = '';
  sink.on('data', (chunk) => {
    output += chunk;
  });
  docker.modem.demuxStream(stream, sink, sink);
  await new Promise((resolve) => stream.on('end', resolve));
  const { ExitCode } = await exec.inspect();
  return { exitCode: ExitCode, output };
}

/** Sends a line to a published TCP port and returns what comes back first, retrying (bounded). */
export async function echoOf(port: number, line: string, host = '127.0.0.1'): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await new Promise<string | undefined>((resolve) => {
      const socket = connect({ host, port }, () => socket.write(`${line}\n`));
      socket.setTimeout(2_000, () => socket.destroy());
      socket.once('data', (data) => {
        socket.destroy();
        resolve(String(data));
      });
      socket.once('close', () => resolve(undefined));
      socket.once('error', () => resolve(undefined));
    });
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`No echo on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Kills a target's (or attack box's) container behind its driver's back, as a crash would. */
export async function killContainerOf(targetId: string): Promise<void> {
  await docker.getContainer(`hackclass-${targetId}`).kill();
}
