import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TargetDriver } from '@hackclass/engine';
import { StartFailure } from './failures';

/**
 * How long a connection must stay open to count: the engine's port proxy accepts at once and
 * hangs up when nothing listens inside the container yet.
 */
const SETTLE_MS = 300;
const POLL_MS = 250;

/** Whether something serves at the address: a connection that stays open or sends data. */
function serves(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let timer: NodeJS.Timeout | undefined;
    const done = (result: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', () => done(true));
    socket.once('close', () => done(false));
    socket.once('connect', () => {
      timer = setTimeout(() => done(true), SETTLE_MS);
    });
  });
}

/**
 * Waits until the target's published port serves, at most `timeoutMs`. A container that exits
 * first fails the start with its reason (out of memory, or its exit code).
 */
export async function waitUntilServing(
  driver: TargetDriver,
  target: { id: string; host: string; port: number },
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    if (await serves(target.host, target.port)) return;
    const container = await driver.inspect(target.id);
    if (!container) throw new StartFailure('start_failed', 'The target vanished while starting');
    if (!container.running) {
      throw container.oomKilled
        ? new StartFailure('out_of_memory', 'The target ran out of memory while starting')
        : new StartFailure(
            'start_failed',
            `The target stopped while starting (exit code ${container.exitCode ?? 'unknown'})`,
          );
    }
    await sleep(POLL_MS, undefined, { signal });
  }
  throw new StartFailure(
    'start_failed',
    `The target did not answer on its port within ${Math.round(timeoutMs / 1000)} seconds`,
  );
}
