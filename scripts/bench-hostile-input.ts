import { Worker } from 'node:worker_threads';
import { uniqueEmail } from '@hackclass/api/testing';
import { ROLE } from '@hackclass/contracts';
import { createTestDatabase } from '@hackclass/db/testing';
import { FLAGS_PER_MINUTE } from '../apps/api/src/routes/submissions';
import { liarZip } from '../apps/api/test/support/archives';
import type { LoadPlan, LoadResult } from './bench-hostile-input/load';
import { type Caller, caller, expectStatus } from './bench-targets/class';
import { benchServer } from './bench-targets/server';

const GOAL_MS = 100;
/** A large class, each of whom sends as many answers at once as the flag limit lets through. */
const STUDENTS = 40;
const IMPORTS = 200;

/**
 * Five patterns at the limits a lab form accepts, each among the slowest to check against a
 * 500-character answer: star loops over large Unicode classes.
 */
const COSTLY_PATTERNS = [
  '(?:\\p{L}|\\p{N}|\\p{P})*\\p{L}{40}9',
  '(?:\\p{L}|\\p{N}|\\p{S})*\\p{L}{40}8',
  '(?:\\p{L}|\\p{N})*\\p{L}(?:\\p{L}|\\p{N}){20}',
  '(?:\\p{L}|\\p{P})*\\p{N}{40}7',
  '(?:\\p{N}|\\p{L}|\\p{Z})*\\p{L}{40}6',
];

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/** Asks `/healthz` every 20 ms until `done`, answering each answer's time in milliseconds. */
async function healthTimes(origin: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${origin}/healthz`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

/** Sends `plan`'s load from a worker thread of its own; answers what was sent and answered. */
function load(plan: LoadPlan): Promise<LoadResult> {
  const worker = new Worker(new URL('./bench-hostile-input/load.ts', import.meta.url), {
    workerData: plan,
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const answered = ({ statuses, seconds }: LoadResult) =>
  `answered ${Object.entries(statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')} in ${seconds.toFixed(1)} s`;

async function regexClass(
  server: { app: unknown; origin: string; adminSecret: string },
  adminEmail: string,
) {
  const bench = server as Parameters<typeof caller>[0];
  const admin = await caller(bench, adminEmail);
  const teacher = await caller(bench, uniqueEmail('teacher'));
  expectStatus(
    await admin.session.call('PATCH', `/users/${teacher.id}/role`, { roleId: ROLE.teacher }),
    200,
    'making the teacher',
  );
  const flags = COSTLY_PATTERNS.map((value) => ({ value, kind: 'regex', caseSensitive: false }));
  const lab = await teacher.session.callMultipart(
    'POST',
    '/hacking-labs',
    form({
      name: 'Costly patterns',
      description: 'Five patterns at the limits',
      difficulty: 'Hard',
      category: 'Misc',
      points: '100',
      flags: JSON.stringify(flags),
    }),
  );
  const labId = expectStatus(lab, 201, 'creating the regex lab').json<{ id: string }>().id;
  const made = await teacher.session.callMultipart(
    'POST',
    '/classrooms',
    form({ name: 'Hostile input', teacherName: 'Ms Teacher' }),
  );
  const room = expectStatus(made, 201, 'creating the classroom').json<{
    id: string;
    joinCode: string;
  }>();
  expectStatus(
    await teacher.session.call('POST', `/classrooms/${room.id}/hacking-labs`, {
      hackingLabId: labId,
    }),
    201,
    'adding the lab',
  );
  const students: Caller[] = [];
  for (let index = 0; index < STUDENTS; index++) {
    const student = await caller(bench, uniqueEmail(`student-${index}`));
    expectStatus(
      await student.session.call('POST', '/classrooms/join', { classroomCode: room.joinCode }),
      201,
      'joining',
    );
    expectStatus(
      await teacher.session.call('PATCH', `/classrooms/${room.id}/members/${student.id}`, {
        status: 'Accepted',
      }),
      200,
      'accepting',
    );
    students.push(student);
  }
  return { teacher, students, classroomId: room.id, labId };
}

/** The p-th percentile of some durations. */
function percentile(durations: number[], p: number): number {
  const sorted = [...durations].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function report(phase: string, times: number[], hostile: string) {
  const [p50, p95, max] = [50, 95, 100].map((p) => percentile(times, p)) as [
    number,
    number,
    number,
  ];
  const verdict = max <= GOAL_MS ? 'ok' : 'OVER';
  console.log(
    `${phase.padEnd(28)} /healthz p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, longest ${max.toFixed(1)} ms (${verdict}, goal ≤ ${GOAL_MS} ms); ${hostile}`,
  );
  return max <= GOAL_MS;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const { app, adminEmail, adminSecret, listen } = await benchServer(database, {
    // Every student here sends from this machine's one address, which the per-address limit would
    // stop long before the flag limit of each student.
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  let passed = true;
  try {
    const origin = await listen();
    const server = { app, origin, adminSecret };
    console.log(`Setting up a teacher, a regex lab and ${STUDENTS} students…`);
    const { teacher, students, classroomId, labId } = await regexClass(server, adminEmail);
    const bomb = liarZip('bomb/notes.txt', 100, 512 * 1_048_576);

    const idle = new Promise((resolve) => setTimeout(resolve, 3_000));
    passed = report('idle', await healthTimes(origin, idle), 'nothing else') && passed;

    const imports = load({
      origin,
      times: IMPORTS,
      parallel: 2,
      shots: [
        {
          idToken: teacher.idToken,
          path: '/hacking-labs/import',
          archive: { name: 'bomb.zip', bytes: bomb },
        },
      ],
    });
    const [archiveTimes, archives] = await Promise.all([healthTimes(origin, imports), imports]);
    passed =
      report(
        'hostile archives',
        archiveTimes,
        `${archives.sent} imports of a ${(bomb.length / 1024).toFixed(0)} KB zip inflating 512 MiB, ${answered(archives)}`,
      ) && passed;

    const answers = load({
      origin,
      times: FLAGS_PER_MINUTE,
      parallel: 12,
      shots: students.map((student) => ({
        idToken: student.idToken,
        path: `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`,
        json: { flag: `${'a'.repeat(498)}!` },
      })),
    });
    const [regexTimes, submitted] = await Promise.all([healthTimes(origin, answers), answers]);
    passed =
      report(
        'hostile regex lab',
        regexTimes,
        `${submitted.sent} wrong 499-character answers from ${STUDENTS} students against 5 costly patterns, ${answered(submitted)}`,
      ) && passed;
  } finally {
    await app.close();
    await database.drop();
  }
  if (!passed) process.exitCode = 1;
}

await main();
