import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '@hackclass/http/testing';

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const READY_MS = 15_000;

/** Why a private Redis cannot be started on this machine, else undefined. */
export function privateRedisMissing(): string | undefined {
  return existsSync(REDIS_SERVER) ? undefined : `no ${REDIS_SERVER} (set REDIS_SERVER)`;
}

export interface PrivateRedis {
  url: string;
  /** Ends the server (SIGTERM: it saves nothing, as it keeps nothing); resolves once it exited. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it, whatever its state. */
  remove(): Promise<void>;
}

/**
 * A Redis server of the test's own on a free loopback port, keeping nothing on disk, that the
 * test may stop and start again without touching the machine's Redis other tests use.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    const started = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        started.kill('SIGKILL');
        reject(new Error(`redis-server did not start within ${READY_MS} ms:\n${output}`));
      }, READY_MS);
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', (code) => {
        clearTimeout(timer);
        if (child === started) child = undefined;
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
    child = undefined;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start, remove: stop };
}
