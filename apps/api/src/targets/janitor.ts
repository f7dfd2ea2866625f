import type { TargetService } from './service';
import { sweep } from './sweep';
import { underSweepLease } from './sweep-lease';

export const JANITOR_INTERVAL_MS = 15_000;

export interface Janitor {
  /** Sweeps now (unless another replica is), as the timer does. */
  sweep(): Promise<void>;
  /** Sweeps once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/** Sweeps every interval; with several replicas, one at a time (see `underSweepLease`). */
export function janitor(service: TargetService, intervalMs = JANITOR_INTERVAL_MS): Janitor {
  const holder = crypto.randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const once = () => {
    running ??= underSweepLease(service.db, holder, () => sweep(service)).finally(() => {
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
