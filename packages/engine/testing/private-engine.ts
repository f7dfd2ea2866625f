import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Docker from 'dockerode';

const READY_TIMEOUT_MS = 60_000;

export interface PrivateEngine {
  /** For DOCKER_HOST. */
  host: string;
  docker: Docker;
  /** Stops the engine as a restart does (its containers stop with it) and starts it again. */
  restart(): Promise<void>;
  /** Stops the engine and removes its folder, containers and images with it. */
  remove(): Promise<void>;
}

/** Whether this machine can run an engine of a test's own: dockerd, as root. */
export const canRunPrivateEngine = () =>
  process.getuid?.() === 0 && ['/usr/bin/dockerd', '/usr/sbin/dockerd'].some(existsSync);

/**
 * A Docker engine of the test's own, with its own folders and socket, for tests that stop and
 * start an engine: the machine's engine serves other tests meanwhile. It changes nothing of the
 * host's firewall, and its networks take addresses from a pool the machine's engine does not
 * use, so the two never route each other's.
 */
export async function startPrivateEngine(): Promise<PrivateEngine> {
  // Short: the engine's sockets live under it, and a socket's path has at most 107 bytes.
  const root = mkdtempSync(join(tmpdir(), 'hc-engine-'));
  const dataRoot = join(root, 'data');
  const execRoot = join(root, 'exec');
  for (const folder of [dataRoot, execRoot]) mkdirSync(folder);
  const socket = join(root, 'docker.sock');
  const docker = new Docker({ socketPath: socket });
  let daemon: ChildProcess | undefined;
  let log = '';
  const start = async () => {
    daemon = spawn(
      'dockerd',
      [
        `--data-root=${dataRoot}`,
        `--exec-root=${execRoot}`,
        `--pidfile=${join(root, 'dockerd.pid')}`,
        `--host=unix://${socket}`,
        '--iptables=false',
        '--ip6tables=false',
        '--bridge=none',
        '--default-address-pool=base=10.213.0.0/16,size=24',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [daemon.stdout, daemon.stderr])
      stream?.on('data', (chunk) => (log += chunk));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (
      !(await docker.ping().then(
        () => true,
        () => false,
      ))
    ) {
      if (daemon.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the test's engine did not start:\n${log.slice(-2000)}`);
      }
      await sleep(200);
    }
  };
  const stop = async () => {
    const running = daemon;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    host: `unix://${socket}`,
    docker,
    restart: async () => {
      await stop();
      await start();
    },
    remove: async () => {
      const containers = await docker.listContainers({ all: true }).catch(() => []);
      await Promise.allSettled(
        containers.map((container) => docker.getContainer(container.Id).remove({ force: true })),
      );
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
