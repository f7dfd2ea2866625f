/// <reference path="../apps/api/bench/autocannon.d.ts" />
/**
 * Live targets under a class's load (issue 13): 20 students start their targets at once; time
 * from Start to the first 200 through HackClass's proxy (p50, p95); proxied requests per second
 * as a share of requests straight to the published port (goal ≥ 70%); memory HackClass spends
 * per running target. Everything runs on loopback against the local Docker engine, from test
 * images built here (nothing is pulled), and everything it starts is removed at the end.
 * Run: npm run bench:targets   (BENCH_TARGETS, BENCH_SECONDS; DATABASE_URL for PostgreSQL)
 */
import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { schema } from '@hackclass/api';
import { openableTarget, type TargetBrowser, targetBrowser } from '@hackclass/api/testing';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { dockerDriver } from '@hackclass/engine';
import { buildTestImages } from '@hackclass/engine/testing';
import { freePort } from '@hackclass/http/testing';
import { createLogger } from '@hackclass/logger';
import { buildServer } from '@hackclass/server';
import type { LoadJob, LoadResult } from '../apps/api/bench/load';

const TARGETS = Number(process.env.BENCH_TARGETS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const GOAL = 0.7;
const START_TIMEOUT_MS = 120_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

/** Memory after collecting garbage (the script runs with --expose-gc), so deltas are the live. */
function memoryNow() {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('../apps/api/bench/load.ts', import.meta.url), [
      JSON.stringify(job),
    ]);
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code === 0 || reject(new Error(`load exited with ${code}`)));
  });
}

/** GETs `/` through the proxy until the target answers 200; the time it took from `since`. */
async function firstOk(browser: TargetBrowser, since: number): Promise<number> {
  for (;;) {
    const answer = await browser.get('/').catch(() => undefined);
    if (answer?.status === 200) return performance.now() - since;
    if (performance.now() - since > START_TIMEOUT_MS) {
      throw new Error(`no 200 through the proxy after ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What `docker stats` says each container uses now, in bytes. */
async function containerMemory(containerIds: string[]): Promise<number[]> {
  const { stdout } = await promisify(execFile)('docker', [
    'stats',
    '--no-stream',
    '--format',
    '{{.MemUsage}}',
    ...containerIds,
  ]);
  const units: Record<string, number> = { B: 1, KiB: 1024, MiB: 1_048_576, GiB: 1_073_741_824 };
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [, amount = '0', unit = 'B'] = /^([\d.]+)\s*([KMG]?i?B)/.exec(line) ?? [];
      return Number(amount) * (units[unit] ?? 1);
    });
}

async function main(): Promise<void> {
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const database = await createTestDatabase();
    cleanup.unshift(() => database.drop());
    const images = await buildTestImages();
    cleanup.unshift(() => images.remove());
    const port = await freePort();
    const config = loadConfig(serverConfigSchema, {
      PORT: String(port),
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'warn',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    const connection = await openConnection(config);
    const app = await buildServer(
      { config, connection, logger: createLogger('silent') },
      { webRoot: null },
    );
    cleanup.unshift(() => app.close());
    const origin = await app.listen({ port, host: '127.0.0.1' });
    const driver = dockerDriver({
      deploymentId: `bench-${randomBytes(6).toString('hex')}`,
      bindAddress: '127.0.0.1',
    });
    cleanup.unshift(() => driver.close());
    const db = drizzleOver(connection, schema);

    const students = [];
    for (let index = 0; index < TARGETS; index++) {
      const hostPort = await freePort();
      students.push({ hostPort, ...(await openableTarget(db, hostPort)) });
    }
    const before = memoryNow();

    console.log(`Starting ${TARGETS} targets at once…`);
    const started = performance.now();
    const settled = await Promise.allSettled(
      students.map(async ({ targetId, labId, userId, classroomId, ticketPath, hostPort }) => {
        cleanup.unshift(() => driver.stop(targetId));
        const { containerId } = await driver.start({
          targetId,
          labId,
          userId,
          classroomId,
          image: images.web,
          containerPort: 8080,
          hostPort,
          env: { HACKCLASS_FLAG: `HC{${randomBytes(12).toString('hex')}}` },
          memoryMb: 64,
          cpus: 0.5,
          pids: 64,
          outbound: false,
        });
        const engineMs = performance.now() - started;
        const browser = targetBrowser(origin, targetId);
        const exchanged = await browser.send('GET', ticketPath);
        if (exchanged.status !== 303) throw new Error(`ticket refused: ${exchanged.status}`);
        const ms = await firstOk(browser, started);
        return { containerId, browser, hostPort, engineMs, ms };
      }),
    );
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const runs = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const times = runs.map((run) => run.ms).sort((a, b) => a - b);
    const engineTimes = runs.map((run) => run.engineMs).sort((a, b) => a - b);
    for (const run of runs) await run.browser.get('/');
    const after = memoryNow();
    const containers = await containerMemory(runs.map((run) => run.containerId));

    const [first] = runs;
    if (!first) throw new Error('no target ran');
    const job = { connections: CONNECTIONS, warmupSeconds: 1, seconds: SECONDS };
    const direct = await load({ ...job, url: `http://127.0.0.1:${first.hostPort}/`, headers: {} });
    const proxied = await load({
      ...job,
      url: `http://127.0.0.1:${port}/`,
      headers: {
        host: first.browser.host,
        cookie: `hackclass_target=${first.browser.cookies.get('hackclass_target')}`,
      },
    });
    const share = proxied.requestsPerSecond / direct.requestsPerSecond;

    console.log(`\nStart → first proxied 200 (${TARGETS} at once)`);
    console.log(
      `  p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms, max ${Math.round(times.at(-1) ?? 0)} ms`,
    );
    console.log(
      `  of which the engine's start (container and network made): p50 ${Math.round(percentile(engineTimes, 50))} ms, p95 ${Math.round(percentile(engineTimes, 95))} ms`,
    );
    console.log(`\nRequests per second (${CONNECTIONS} connections, ${SECONDS} s, one target)`);
    console.log(
      `  straight to the published port: ${Math.round(direct.requestsPerSecond)} (p99 ${direct.p99Ms} ms)`,
    );
    console.log(
      `  through the proxy:              ${Math.round(proxied.requestsPerSecond)} (p99 ${proxied.p99Ms} ms, non-2xx ${proxied.non2xx}, errors ${proxied.errors})`,
    );
    console.log(
      `  share: ${(share * 100).toFixed(0)}% (goal ≥ ${GOAL * 100}%: ${share >= GOAL ? 'met' : 'NOT met'})`,
    );
    console.log(`\nMemory per running target`);
    console.log(
      `  HackClass process, RSS delta / targets: ${megabytes((after.rss - before.rss) / TARGETS)}` +
        ` (JavaScript heap: ${megabytes((after.heapUsed - before.heapUsed) / TARGETS)})`,
    );
    const average = containers.reduce((sum, bytes) => sum + bytes, 0) / containers.length;
    console.log(`  the target's container (docker stats, average): ${megabytes(average)}`);
  } finally {
    for (const step of cleanup) await step().catch((error: unknown) => console.error(error));
  }
}

await main();
