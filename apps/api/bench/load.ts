/**
 * One autocannon run in a process of its own, so the load generator does not share the event
 * loop of the servers it measures. Started by api.bench.ts with the job as its argument; answers
 * with one IPC message.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
const run = (duration: number) =>
  autocannon({ url: job.url, headers: job.headers, connections: job.connections, duration });

await run(job.warmupSeconds);
const result = await run(job.seconds);
const answer: LoadResult = {
  requestsPerSecond: result.requests.average,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
process.send?.(answer);
