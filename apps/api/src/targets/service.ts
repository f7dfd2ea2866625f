import type { ServerConfig } from '@hackclass/config';
import type { TargetDriver } from '@hackclass/engine';
import { type DependencyStatus, type TargetMetrics, uncountedTargets } from '@hackclass/http';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiDatabase } from '../db';
import type { Deployment } from './deployment';
import { cachedEngineStatus } from './engine-readiness';

export type LabsConfig = ServerConfig['labs'];

/** How long a target may take from Start to a port that serves, before it counts as failed. */
export const START_TIMEOUT_MS = 60_000;

/**
 * The targets domain as the rest of the API (and the target proxy) sees it, `app.targets`: this
 * deployment, its engine (absent when live targets are off) and the operator's settings, with
 * the work that runs after a request has answered (starting and stopping containers).
 */
export interface TargetService {
  deployment: Deployment;
  driver: TargetDriver | undefined;
  config: LabsConfig;
  db: ApiDatabase;
  log: FastifyBaseLogger;
  /** How long a start may take; shorter in tests. */
  startTimeoutMs: number;
  /** Where the outcome of each start is counted for `/metrics`. */
  metrics: TargetMetrics;
  /** Whether the engine answers, as readiness reports it (asked at most every few seconds). */
  engineStatus(): Promise<DependencyStatus>;
  /**
   * Runs `work` after the request has answered. Its signal aborts when the API closes, and
   * closing waits for it: a container started at that moment is left to the next reconcile.
   */
  background(what: string, work: (signal: AbortSignal) => Promise<void>): void;
  /** Aborts and waits for the background work. */
  close(): Promise<void>;
}

export function targetService(services: {
  deployment: Deployment;
  driver: TargetDriver | undefined;
  config: LabsConfig;
  db: ApiDatabase;
  log: FastifyBaseLogger;
  startTimeoutMs?: number | undefined;
  metrics?: TargetMetrics;
}): TargetService {
  const running = new Set<Promise<void>>();
  const closing = new AbortController();
  return {
    ...services,
    startTimeoutMs: services.startTimeoutMs ?? START_TIMEOUT_MS,
    metrics: services.metrics ?? uncountedTargets,
    engineStatus: cachedEngineStatus(services.driver),
    background(what, work) {
      const task = work(closing.signal)
        .catch((error: unknown) => services.log.error({ err: error }, `targets: ${what} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async close() {
      closing.abort();
      await Promise.all(running);
      await services.driver?.close();
    },
  };
}
