import { readdir } from 'node:fs/promises';
import { type Connection, openConnection } from '@hackclass/db';
import { memoryMiBOf } from './process-usage';

/** What a long day must not see grow, read off the running deployment at one moment. */
export interface ResourceSample {
  /** Seconds since the watch began. */
  at: number;
  /** Each server's memory (PSS), in MiB. */
  memoryMiB: number[];
  /** Each server's open file descriptors: sockets, files, pipes. */
  handles: number[];
  /** Each server's event streams open, as its `/metrics` counts them. */
  streams: number[];
  /** Connections to the deployment's PostgreSQL database; undefined on the embedded one. */
  databaseConnections: number | undefined;
}

const handlesOf = async (pid: number) => (await readdir(`/proc/${pid}/fd`)).length;

async function streamsOf(origin: string): Promise<number> {
  const metrics = await (await fetch(`${origin}/metrics`)).text();
  return Number(/^hackclass_sse_streams_open (\d+)/m.exec(metrics)?.[1] ?? Number.NaN);
}

/**
 * Samples the deployment's servers (`pids` at `origins`) and, given its PostgreSQL URL, counts
 * the other connections to its database.
 */
export async function resourceSampler(
  servers: { pid: number; origin: string }[],
  databaseUrl: string | undefined,
) {
  const started = performance.now();
  const watcher: Connection | undefined = databaseUrl
    ? await openConnection({ databaseUrl, dataDir: '' })
    : undefined;
  const countConnections = async () => {
    if (watcher?.kind !== 'postgres') return undefined;
    const [row] = await watcher.client<{ count: number }[]>`select count(*)::int as count
      from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    return row?.count;
  };
  return {
    sample: async (): Promise<ResourceSample> => ({
      at: (performance.now() - started) / 1000,
      memoryMiB: await Promise.all(servers.map(({ pid }) => memoryMiBOf(pid))),
      handles: await Promise.all(servers.map(({ pid }) => handlesOf(pid))),
      streams: await Promise.all(servers.map(({ origin }) => streamsOf(origin))),
      databaseConnections: await countConnections(),
    }),
    close: async () => watcher?.close(),
  };
}

/** The least-squares slope of `values` over `times`, per unit of time. */
export function slopeOf(times: number[], values: number[]): number {
  const n = times.length;
  const meanTime = times.reduce((sum, time) => sum + time, 0) / n;
  const meanValue = values.reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let variance = 0;
  times.forEach((time, index) => {
    covariance += (time - meanTime) * ((values[index] ?? 0) - meanValue);
    variance += (time - meanTime) ** 2;
  });
  return variance === 0 ? 0 : covariance / variance;
}
