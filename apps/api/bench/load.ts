/**
 * Load on a few servers in turns, in a process of its own so the load generator does not share
 * the event loop of the servers it measures. Every target is warmed up, then each round loads
 * every target for the same time, one after the other: a machine whose load drifts (other work
 * on it) weighs on all of them alike, and the figures of one round compare. Started by
 * api.bench.ts with the job as its argument; answers with one IPC message.
 */
import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface LoadJob {
  targets: LoadTarget[];
  connections: number;
  warmupSeconds: number;
  /** Seconds per target per round. */
  seconds: number;
  rounds: number;
}

export interface RoundResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** For each target, in the job's order, its result in each round. */
export type LoadResult = RoundResult[][];

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
const run = ({ url, headers }: LoadTarget, duration: number) =>
  autocannon({ url, headers, connections: job.connections, duration });

for (const target of job.targets) await run(target, job.warmupSeconds);
const results: LoadResult = job.targets.map(() => []);
for (let round = 0; round < job.rounds; round += 1) {
  for (const [index, target] of job.targets.entries()) {
    const result = await run(target, job.seconds);
    results[index]?.push({
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
}
process.send?.(results);
