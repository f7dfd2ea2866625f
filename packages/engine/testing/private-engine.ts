import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import Docker from 'dockerode';

const READY_TIMEOUT_MS = 60_000;

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args);

export interface PrivateEngine {
  /** For DOCKER_HOST. */
  host: string;
  docker: Docker;
  /** Stops the engine as a restart does (its containers stop with it) and starts it again. */
  restart(): Promise<void>;
  /** Stops the engine and removes its folder, containers and images with it. */
  remove(): Promise<void>;
}

/**
 * LAB_SUBNET_POOL for targets on a private engine: addresses the machine's engine does not use,
 * beside the private engine's own bridge (10.213.255.0/24), so the two never route each other's.
 */
export const PRIVATE_ENGINE_SUBNET_POOL = '10.213.0.0/17';

/** Whether this machine can run an engine of a test's own: dockerd, as root. */
export const canRunPrivateEngine = () =>
  process.getuid?.() === 0 &&
  ['/usr/bin/dockerd', '/usr/sbin/dockerd'].some(existsSync) &&
  ['/usr/sbin/ip', '/usr/bin/ip', '/sbin/ip', '/bin/ip'].some(existsSync);

/**
 * A Docker engine of the test's own, with its own folders and socket, for tests that stop and
 * start an engine: the machine's engine serves other tests meanwhile. It changes nothing of the
 * host's firewall, and its bridge has addresses the machine's engine does not use; give its
 * targets PRIVATE_ENGINE_SUBNET_POOL so that theirs do not either.
 */
export async function startPrivateEngine(): Promise<PrivateEngine> {
  // Short: the engine's sockets live under it, and a socket's path has at most 107 bytes.
  const root = mkdtempSync(join(tmpdir(), 'hc-engine-'));
  const dataRoot = join(root, 'data');
  const execRoot = join(root, 'exec');
  for (const folder of [dataRoot, execRoot]) mkdirSync(folder);
  const socket = join(root, 'docker.sock');
  // Not `hc…`: the host firewall guard's rules are for the bridges of HackClass's targets.
  const bridge = `pe${randomBytes(4).toString('hex')}`;
  await ip('link', 'add', bridge, 'type', 'bridge');
  await ip('addr', 'add', '10.213.255.1/24', 'dev', bridge);
  await ip('link', 'set', bridge, 'up');
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
        // A default bridge of its own, and no `--default-address-pool`: an engine started with
        // `--bridge=none`, or started again with address pools, deletes the host's docker0, and
        // the machine's engine loses its default network. Targets take their subnets from
        // PRIVATE_ENGINE_SUBNET_POOL (LAB_SUBNET_POOL) instead.
        `--bridge=${bridge}`,
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
      await ip('link', 'delete', bridge).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
