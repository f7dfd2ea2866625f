import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { METRICS_PREFIX } from './metrics-prefix';

/** Targets (and attack boxes) in one state, of one kind, as the database holds them. */
export interface TargetCount {
  kind: string;
  state: string;
  count: number;
}

/** How starts of live targets end, as the process that started them saw them. */
export interface TargetMetrics {
  /** A start whose container came up and serves, `seconds` after the student asked. */
  started(kind: string, seconds: number): void;
  /** A start that failed, with its failure's code (`image_missing`, `out_of_memory`…). */
  failed(kind: string, code: string): void;
}

/** For work outside a running server (the command line), which has no `/metrics`. */
export const uncountedTargets: TargetMetrics = {
  started: () => undefined,
  failed: () => undefined,
};

/**
 * Live targets on `/metrics`: those starting, running and stopping, counted from the database
 * at each scrape (so every replica reports the same, whoever started them), and the starts of
 * this process with their outcome, failure code and time until the target served.
 */
export function addTargetMetrics(
  registry: Registry,
  countTargets: () => Promise<TargetCount[]>,
): TargetMetrics {
  const registers = [registry];
  new Gauge({
    name: `${METRICS_PREFIX}targets`,
    help: 'Live targets and attack boxes now, by kind and state (starting, running, stopping)',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      try {
        const counts = await countTargets();
        this.reset();
        for (const { kind, state, count } of counts) this.set({ kind, state }, count);
      } catch {
        // The database does not answer: `/readyz` says so; report nothing rather than zeros.
        this.reset();
      }
    },
  });
  const starts = new Counter({
    name: `${METRICS_PREFIX}target_starts_total`,
    help: 'Starts of live targets and attack boxes that ended, by kind and outcome (running or failed)',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const failures = new Counter({
    name: `${METRICS_PREFIX}target_start_failures_total`,
    help: 'Starts that failed, by kind and the failure code the student was shown',
    labelNames: ['kind', 'code'],
    registers,
  });
  const startSeconds = new Histogram({
    name: `${METRICS_PREFIX}target_start_seconds`,
    help: 'Time from Start to a target that serves, by kind',
    labelNames: ['kind'],
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120],
    registers,
  });
  return {
    started(kind, seconds) {
      starts.inc({ kind, outcome: 'running' });
      startSeconds.observe({ kind }, seconds);
    },
    failed(kind, code) {
      starts.inc({ kind, outcome: 'failed' });
      failures.inc({ kind, code });
    },
  };
}
