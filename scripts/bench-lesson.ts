/**
 * A lesson, simulated: students arrive over a ramp and go through the product as the web app
 * drives it (sign-in with the production password hashing, dashboard, classroom page with its
 * live stream open, lab, file download, live target where an engine answers, wrong and right
 * flags, leaderboard), on the embedded database and on PostgreSQL + Redis with one and with two
 * replicas. Prints each step's p50/p95/p99 and errors, and each process's CPU and memory; with
 * `--capacity`, the most students each configuration serves with every step's p99 under 1 s and
 * no error. Traffic stays on loopback.
 *
 * Run: npm run bench:lesson -- [--students 120] [--ramp 60] [--configs embedded,postgres,replicas]
 *      [--capacity] [--targets]
 * (PostgreSQL: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; Redis:
 * REDIS_URL, default redis://127.0.0.1:6379; the server as `npm run build` bundled it.)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { CURRENT_SCRYPT_PARAMS, hashPassword } from '@hackclass/identity/testing';
import {
  type DeploymentKind,
  type LessonReport,
  memoryMiBOf,
  runLesson,
  stageLesson,
} from '@hackclass/server/testing/lesson';
import { printTable } from '../apps/api/bench/figures';

const CLASS_SIZE = 30;
const LABS = 3;
const P99_LIMIT_MS = 1_000;
/**
 * Memory is read this long after the lesson: once its requests and streams are done, and once
 * the JavaScript heap that grew under the load has been collected (V8 shrinks it when the
 * process idles, within the minute).
 */
const SETTLE_SECONDS = [10, 60];

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '120' },
    ramp: { type: 'string', default: '60' },
    configs: { type: 'string', default: 'embedded,postgres,replicas' },
    capacity: { type: 'boolean', default: false },
    step: { type: 'string', default: '60' },
    targets: { type: 'boolean', default: false },
  },
});

const configurations: Record<string, { kind: DeploymentKind; replicas: number; label: string }> = {
  embedded: { kind: 'embedded', replicas: 1, label: 'embedded database, one process' },
  postgres: { kind: 'postgres', replicas: 1, label: 'PostgreSQL + Redis, one replica' },
  replicas: { kind: 'postgres', replicas: 2, label: 'PostgreSQL + Redis, two replicas' },
};

interface Trial {
  report: LessonReport;
  memoryBefore: number[];
  /** Each server's memory at each of `SETTLE_SECONDS` after the lesson. */
  memoryAfter: number[][];
}

async function lesson(configName: string, students: number, targetImage?: string): Promise<Trial> {
  const config = configurations[configName];
  if (!config) throw new Error(`unknown configuration ${configName}`);
  const { deployment, roster, labs } = await stageLesson({
    ...config,
    serverArgs: ['--enable-source-maps', 'apps/server/dist/main.js'],
    env: targetImage
      ? { LABS_DRIVER: 'docker', LABS_MAX_RUNNING: String(students), LAB_PORT_RANGE: '43000-43999' }
      : {},
    students,
    classSize: CLASS_SIZE,
    labs: LABS,
    targetImage,
  });
  try {
    const pids = deployment.servers.map((server) => server.child.pid ?? 0);
    const memoryBefore = await Promise.all(pids.map(memoryMiBOf));
    const report = await runLesson(deployment, roster, labs, {
      students,
      classSize: CLASS_SIZE,
      rampSeconds: Number(values.ramp),
      wrongFlags: 2,
      thinkMs: [1_000, 3_000],
      lingerMs: 5_000,
      startTargets: targetImage !== undefined,
    });
    const memoryAfter: number[][] = [];
    let waited = 0;
    for (const seconds of SETTLE_SECONDS) {
      await sleep((seconds - waited) * 1_000);
      waited = seconds;
      memoryAfter.push(await Promise.all(pids.map(memoryMiBOf)));
    }
    return { report, memoryBefore, memoryAfter };
  } finally {
    await deployment.close();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));

function printTrial(configName: string, { report, memoryBefore, memoryAfter }: Trial): void {
  console.log(
    `\n## ${configurations[configName]?.label}: ${report.students} students over ${values.ramp} s, lesson took ${report.seconds.toFixed(0)} s`,
  );
  printTable(
    ['step', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    report.steps.map((step) => [
      step.step,
      String(step.count),
      String(step.errors),
      ms(step.p50),
      ms(step.p95),
      ms(step.p99),
      ms(step.max),
    ]),
  );
  printTable(
    ['process', 'CPU s', 'cores', 'PSS start MiB', 'PSS peak MiB', 'PSS end MiB'],
    report.processes.map((usage) => [
      usage.name,
      usage.cpuSeconds.toFixed(1),
      usage.cores.toFixed(2),
      usage.memoryStartMiB.toFixed(0),
      usage.memoryPeakMiB.toFixed(0),
      usage.memoryEndMiB.toFixed(0),
    ]),
  );
  const solved = report.outcomes.filter((outcome) => outcome.solved).length;
  const events = report.outcomes.reduce((sum, outcome) => sum + outcome.classroomEvents, 0);
  const rendered = report.outcomes.reduce((sum, outcome) => sum + outcome.pagesRendered, 0);
  const opened = report.outcomes.reduce((sum, outcome) => sum + outcome.pagesOpened, 0);
  console.log(
    `solved ${solved} of ${report.students}; live classroom events received: ${events}; pages rendered by the server: ${rendered} of ${opened}; server memory before → ${SETTLE_SECONDS.join(' s → ')} s after: ${memoryBefore
      .map((before, server) =>
        [before, ...memoryAfter.map((after) => after[server] ?? 0)]
          .map((mib) => mib.toFixed(0))
          .join(' → '),
      )
      .join(' MiB, ')} MiB`,
  );
  for (const [step, messages] of Object.entries(report.errorSamples)) {
    console.log(`  errors at ${step}: ${messages.join(' | ')}`);
  }
}

const passes = ({ report }: Trial) =>
  report.errors === 0 && report.steps.every((step) => step.p99 < P99_LIMIT_MS);

async function targetImage(): Promise<{ image: string; remove(): Promise<void> } | undefined> {
  if (!values.targets) return undefined;
  const { buildTestImage, WEB_SCRIPT } = await import('@hackclass/engine/testing');
  return buildTestImage('lesson-target', WEB_SCRIPT, 8080);
}

/**
 * What of sign-in is the password check, the same scrypt the identity service runs, timed alone
 * on this machine: sign-in is the slowest step, and this says how much of it is deliberate.
 */
async function printPasswordCheck(): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await hashPassword('correct horse battery staple', CURRENT_SCRYPT_PARAMS);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const { N, r, p } = CURRENT_SCRYPT_PARAMS;
  console.log(
    `\nSign-in's password check alone (scrypt N=2^${Math.log2(N)}, r=${r}, p=${p}), median of 5: ${ms(times[2] ?? Number.NaN)} ms`,
  );
}

async function main(): Promise<void> {
  await printPasswordCheck();
  const image = await targetImage();
  try {
    const capacities: string[] = [];
    for (const configName of values.configs.split(',')) {
      if (!values.capacity) {
        printTrial(configName, await lesson(configName, Number(values.students), image?.image));
        continue;
      }
      let served = 0;
      for (let students = Number(values.step); ; students += Number(values.step)) {
        const trial = await lesson(configName, students, image?.image);
        printTrial(configName, trial);
        if (!passes(trial)) break;
        served = students;
      }
      capacities.push(`${configurations[configName]?.label}: ${served} students`);
    }
    if (capacities.length > 0) {
      console.log(
        `\nCapacity (every step's p99 under ${P99_LIMIT_MS} ms, no error, arrivals over ${values.ramp} s):\n${capacities.join('\n')}`,
      );
    }
  } finally {
    await image?.remove();
  }
}

await main();
