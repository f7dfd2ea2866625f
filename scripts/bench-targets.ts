/**
 * Live targets under a class's load (issue 13), through the product as students use it: an
 * all-in-one server with the Docker driver; a teacher, a classroom and a lab with a per-student
 * HTTP target, and 20 accepted students, all made through the API. The 20 press Start at once;
 * each then checks the status until `running`, asks for the Open link, follows it on the
 * target's host and loads `/` until it answers 200. Reported: Start → first proxied 200 (p50,
 * p95) and its parts; proxied requests per second as a share of requests straight to the
 * published port (goal ≥ 70%); memory HackClass spends per running target. Everything runs on
 * loopback against the local Docker engine, from test images built here (nothing is pulled),
 * and everything it makes is removed at the end, failed or not.
 * Run: npm run bench:targets   (BENCH_TARGETS, BENCH_SECONDS; DATABASE_URL for PostgreSQL)
 */
import { randomInt } from 'node:crypto';
import { schema } from '@hackclass/api';
import { drizzleOver } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { buildTestImages } from '@hackclass/engine/testing';
import { inArray } from 'drizzle-orm';
import { type Caller, classWithTarget, expectStatus } from './bench-targets/class';
import { removeLeftovers } from './bench-targets/leftovers';
import { containerMemory, load, megabytes, memoryNow, spread } from './bench-targets/measures';
import { benchServer } from './bench-targets/server';
import { startAndOpen } from './bench-targets/student';

const TARGETS = Number(process.env.BENCH_TARGETS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const GOAL = 0.7;
/** The bench's ports: a hundred in 59000-59999, clear of the tests' windows (61000-65499). */
const PORTS_FROM = 59_000;
const STOP_TIMEOUT_MS = 60_000;

/** The teacher stops the classroom's targets, as the Targets view's "Stop all" does, and waits. */
async function stopAll(teacher: Caller, classroomId: string): Promise<void> {
  const url = `/classrooms/${classroomId}/targets`;
  expectStatus(await teacher.session.call('DELETE', url), 200, 'Stop all');
  const since = performance.now();
  while (performance.now() - since < STOP_TIMEOUT_MS) {
    const active = (await teacher.session.call('GET', url)).json<unknown[]>();
    if (active.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`targets still active ${STOP_TIMEOUT_MS / 1000} s after Stop all`);
}

async function main(): Promise<void> {
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const database = await createTestDatabase();
    cleanup.unshift(() => database.drop());
    const images = await buildTestImages();
    cleanup.unshift(() => images.remove());
    const first = PORTS_FROM + randomInt(10) * 100;
    const { app, connection, adminEmail, adminSecret, listen } = await benchServer(database, {
      LABS_DRIVER: 'docker',
      LAB_PORT_RANGE: `${first}-${first + 99}`,
      // The host firewall guard is left to the tests that check it: this run changes no rules.
      LABS_FIREWALL: 'off',
      // The throughput measured is the proxy's, not what one student is allowed.
      LAB_PROXY_REQUESTS_PER_MINUTE: '1000000',
    });
    const db = drizzleOver(connection, schema);
    const [deployment] = await db.select({ id: schema.deployment.id }).from(schema.deployment);
    if (!deployment) throw new Error('the server made no deployment row');
    cleanup.unshift(() => removeLeftovers(deployment.id));
    cleanup.unshift(() => app.close());
    const origin = await listen();
    const server = { app, origin, adminSecret };

    console.log(`Setting up a classroom of ${TARGETS} students through the API…`);
    const { teacher, classroomId, labId, students } = await classWithTarget(server, {
      adminEmail,
      image: images.web,
      students: TARGETS,
    });
    cleanup.unshift(() => stopAll(teacher, classroomId));
    const before = memoryNow();

    console.log(`${TARGETS} students press Start at once…`);
    const settled = await Promise.allSettled(
      students.map((student) => startAndOpen(student, { origin, classroomId, labId })),
    );
    const failures = settled.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    if (failures.length > 0) {
      throw new Error(`${failures.length} of ${TARGETS} students failed:\n${failures.join('\n')}`);
    }
    const runs = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const run of runs) await run.browser.get('/');
    const after = memoryNow();
    const rows = await db
      .select({
        id: schema.targets.id,
        containerId: schema.targets.containerId,
        hostPort: schema.targets.hostPort,
      })
      .from(schema.targets)
      .where(
        inArray(
          schema.targets.id,
          runs.map((run) => run.targetId),
        ),
      );
    const containers = await containerMemory(rows.flatMap((row) => row.containerId ?? []));

    // One target, straight and through the proxy.
    const [run] = runs;
    const hostPort = rows.find((row) => row.id === run?.targetId)?.hostPort;
    if (!run || !hostPort) throw new Error('no target ran');
    const job = { connections: CONNECTIONS, warmupSeconds: 1, seconds: SECONDS };
    const direct = await load({ ...job, url: `http://127.0.0.1:${hostPort}/`, headers: {} });
    const proxied = await load({
      ...job,
      url: `${origin}/`,
      headers: {
        host: run.browser.host,
        cookie: [...run.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    const share = proxied.requestsPerSecond / direct.requestsPerSecond;

    const parts = runs.map((one) => one.times);
    console.log(`\nStart → first proxied 200 (${TARGETS} students at once)`);
    console.log(`  ${spread(parts.map((one) => one.firstOk))}`);
    console.log(
      `  of which the API's answer to Start:    ${spread(parts.map((one) => one.answered))}`,
    );
    console.log(
      `  Start → a status check says running:   ${spread(parts.map((one) => one.running))}`,
    );
    console.log(
      `  running → first proxied 200 (ticket, cookie, page): ${spread(parts.map((one) => one.firstOk - one.running))}`,
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
