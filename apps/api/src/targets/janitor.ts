import type { Connection } from '@hackclass/db';
import type { TargetService } from './service';
import { sweep } from './sweep';

/** The janitor's session lock: with several replicas, one sweeps at a time. */
const JANITOR_LOCK = 0x68_63_6a_6e;

export const JANITOR_INTERVAL_MS = 15_000;

export interface Janitor {
  /** Sweeps now (if no other replica is), as the timer does. */
  sweep(): Promise<void>;
  /** Sweeps once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/** Runs `work` holding the janitor's advisory lock, or not at all if another replica holds it. */
async function underLock(connection: Connection, work: () => Promise<void>): Promise<void> {
  // PGlite has one connection and one process: there is nobody to exclude.
  if (connection.kind === 'pglite') return work();
  // A session lock belongs to one connection, not to the pool.
  const session = await connection.client.reserve();
  try {
    const [row] = await session<{ locked: boolean }[]>`
      select pg_try_advisory_lock(${JANITOR_LOCK}::bigint) as locked`;
    if (!row?.locked) return;
    try {
      await work();
    } finally {
      await session`select pg_advisory_unlock(${JANITOR_LOCK}::bigint)`;
    }
  } finally {
    session.release();
  }
}

export function janitor(
  service: TargetService,
  connection: Connection,
  intervalMs = JANITOR_INTERVAL_MS,
): Janitor {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const once = () => {
    running ??= underLock(connection, () => sweep(service)).finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = () => {
    once().catch((error: unknown) => service.log.warn({ err: error }, 'targets: sweep failed'));
  };
  return {
    sweep: once,
    start() {
      if (!service.driver || timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
