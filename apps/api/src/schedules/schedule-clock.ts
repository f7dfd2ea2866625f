import type { FastifyBaseLogger } from 'fastify';
import type { ApiDatabase } from '../db';
import { announceOpenedLabs } from './announce-openings';

export const SCHEDULE_CLOCK_INTERVAL_MS = 30_000;

export interface ScheduleClock {
  /** Announces the labs that opened since the last tick now, as the timer does. */
  tick(): Promise<void>;
  /** Ticks once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}

interface ClockParts {
  db: ApiDatabase;
  log: FastifyBaseLogger;
}

/**
 * Tells members of the labs that open on a schedule, within one interval of their opening, and
 * refreshes the open pages of their classrooms. Every replica runs one; each opening is announced
 * once (see `announceOpenedLabs`).
 */
export function scheduleClock(
  { db, log }: ClockParts,
  intervalMs = SCHEDULE_CLOCK_INTERVAL_MS,
): ScheduleClock {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= announceOpenedLabs(db)
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const safeTick = () => {
    tick().catch((error: unknown) => log.warn({ err: error }, 'schedules: announcing failed'));
  };
  return {
    tick,
    start() {
      if (timer) return;
      safeTick();
      timer = setInterval(safeTick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
