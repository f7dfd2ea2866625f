/// <reference path="../../apps/api/bench/autocannon.d.ts" />
import { execFile, fork } from 'node:child_process';
import { promisify } from 'node:util';
import type { LoadJob, LoadResult, LoadTarget, RoundResult } from '../../apps/api/bench/load';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** `p50 …, p95 … ms` of some durations. */
export function spread(durations: number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p));
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`;
}

export const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

/** Memory after collecting garbage (the script runs with --expose-gc), so deltas are the live. */
export function memoryNow() {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** One autocannon run in a process of its own, off this process's event loop. */
export function load({
  url,
  headers,
  ...run
}: LoadTarget & Omit<LoadJob, 'targets' | 'rounds'>): Promise<RoundResult> {
  const job: LoadJob = { ...run, targets: [{ url, headers }], rounds: 1 };
  return new Promise((resolve, reject) => {
    const child = fork(new URL('../../apps/api/bench/load.ts', import.meta.url), [
      JSON.stringify(job),
    ]);
    child.once('message', (result) => {
      const answer = (result as LoadResult)[0]?.[0];
      if (answer) resolve(answer);
      else reject(new Error('the load generator answered nothing'));
    });
    child.once('error', reject);
    child.once('exit', (code) => code === 0 || reject(new Error(`load exited with ${code}`)));
  });
}

const UNITS: Record<string, number> = { B: 1, KiB: 1024, MiB: 1_048_576, GiB: 1_073_741_824 };

/** What `docker stats` says each container uses now, in bytes. */
export async function containerMemory(containerIds: string[]): Promise<number[]> {
  const { stdout } = await promisify(execFile)('docker', [
    'stats',
    '--no-stream',
    '--format',
    '{{.MemUsage}}',
    ...containerIds,
  ]);
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [, amount = '0', unit = 'B'] = /^([\d.]+)\s*([KMG]?i?B)/.exec(line) ?? [];
      return Number(amount) * (UNITS[unit] ?? 1);
    });
}
