import { setTimeout as sleep } from 'node:timers/promises';
import { isReachable } from '@hackclass/api/testing';
import { openConnection } from '@hackclass/db';
import type { TestDatabase } from '@hackclass/db/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  acknowledgedOf,
  cohortOf,
  fromBundle,
  ledgerOf,
  type PrivatePostgres,
  privatePostgresMissing,
  type StopMode,
  startPrivatePostgres,
} from '../../testing';
import {
  type Deployment,
  LESSON_PASSWORD,
  type LessonLab,
  type LessonReport,
  type Roster,
  runLesson,
  signIn,
  stageLesson,
} from '../../testing/lesson';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const missing =
  privatePostgresMissing() ??
  (!process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379))
    ? `no Redis at ${REDIS_URL} (set REDIS_URL)`
    : undefined);
if (missing) console.warn(`PostgreSQL restarts not tested: ${missing}`);

const CLASS_SIZE = 10;
/** Each restart: a lesson of three classes, then a class arriving once it is over. */
const LESSON = 30;
const LATECOMERS = 10;
const COHORT = LESSON + LATECOMERS;
const LESSON_OPTIONS = {
  classSize: CLASS_SIZE,
  rampSeconds: 8,
  wrongFlags: 2,
  thinkMs: [300, 900] as [number, number],
  lingerMs: 1_000,
  startTargets: false,
};
/**
 * PostgreSQL stops once the lesson stored this many flags: some students are done, others are
 * submitting theirs, others still signing in.
 */
const OUTAGE_AFTER_FLAGS = 20;
/** How long PostgreSQL stays away. */
const OUTAGE_MS = 5_000;
/**
 * Past this a probe during the outage counts as hung: a 503 that takes longer than the
 * `Retry-After` it carries. Probes answer in milliseconds (the figures it prints).
 */
const PROBE_DEADLINE_MS = 5_000;

interface Probe {
  ms: number;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  code?: string;
}

/** Resolves once the classrooms hold `count` submissions. */
async function flagsStored(database: TestDatabase, classroomIds: string[], count: number) {
  const connection = await openConnection(database);
  if (connection.kind !== 'postgres') throw new Error('not PostgreSQL');
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await connection.client<{ stored: number }[]>`
        select count(*)::int as stored from submissions
        where classroom_id in ${connection.client(classroomIds)}`;
      if ((row?.stored ?? 0) >= count) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} flags stored in a minute`);
      await sleep(100);
    }
  } finally {
    await connection.close();
  }
}

/** The messages of the server's log lines of level error or worse from `epochMs` on. */
function errorsLoggedSince(output: string, epochMs: number): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; time: number; msg?: string })
    .filter((entry) => entry.level >= 50 && entry.time >= epochMs)
    .map((entry) => entry.msg ?? '');
}

/** One request of a signed-in page while PostgreSQL is away, or a timeout as status 0. */
async function probe(url: string, init: RequestInit = {}): Promise<Probe> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_DEADLINE_MS) });
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return {
      ms: performance.now() - started,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      contentType: response.headers.get('content-type'),
      code: body.code,
    };
  } catch {
    return { ms: performance.now() - started, status: 0, retryAfter: null, contentType: null };
  }
}

const statusOf = async (url: string, init: RequestInit = {}) =>
  (await fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_DEADLINE_MS) })).status;

describe.skipIf(missing)('a lesson while PostgreSQL restarts', () => {
  let postgres: PrivatePostgres | undefined;
  let deployment: Deployment | undefined;
  let database: TestDatabase | undefined;
  let roster: Roster | undefined;
  let labs: LessonLab[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    ({ deployment, database, roster, labs } = await stageLesson({
      kind: 'postgres',
      replicas: 1,
      postgresUrl: postgres.url,
      redisUrl: REDIS_URL,
      serverArgs: fromBundle(),
      // Two restarts' cohorts, and one student who probes.
      students: 2 * COHORT + 1,
      classSize: CLASS_SIZE,
      labs: 3,
    }));
  }, 120_000);

  afterAll(async () => {
    // Up again whatever a failed test left, so that the deployment can drop its database.
    await postgres?.start().catch(() => {});
    await deployment?.close();
    await postgres?.remove();
  });

  async function restartDuringLesson(mode: StopMode, cohort: number) {
    if (!deployment || !postgres || !roster || !database) throw new Error('not set up');
    const server = deployment.servers[0];
    const origin = deployment.origins[0] ?? '';
    const prober = roster.students.at(-1);
    if (!server || !prober) throw new Error('no server or no prober');
    const probeToken = await signIn(origin, deployment.apiKey, prober.email, LESSON_PASSWORD);
    const headers = { authorization: `Bearer ${probeToken}` };
    const pid = server.child.pid;

    const from = cohort * COHORT;
    const classroomIds = roster.classroomIds.slice(from / CLASS_SIZE, (from + COHORT) / CLASS_SIZE);
    const lesson = runLesson(deployment, cohortOf(roster, from, LESSON, CLASS_SIZE), labs, {
      ...LESSON_OPTIONS,
      students: LESSON,
    });
    await flagsStored(database, classroomIds, OUTAGE_AFTER_FLAGS);
    const stoppedAt = performance.now();
    await postgres.stop(mode);
    const probes: { afterStopMs: number; api: Probe; ready: Probe; signIn: Probe }[] = [];
    while (performance.now() - stoppedAt < OUTAGE_MS) {
      probes.push({
        afterStopMs: Math.round(performance.now() - stoppedAt),
        api: await probe(`${origin}/api/classrooms`, { headers }),
        ready: await probe(`${origin}/readyz`),
        signIn: await probe(
          `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${deployment.apiKey}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: prober.email, password: LESSON_PASSWORD }),
          },
        ),
      });
      await sleep(200);
    }
    const restartedAt = performance.now();
    await postgres.start();
    await expect
      .poll(() => statusOf(`${origin}/api/classrooms`, { headers }), {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(200);
    const servedAgainAt = performance.now();
    const servedAgainEpochMs = Date.now();
    await expect.poll(() => statusOf(`${origin}/readyz`), { timeout: 10_000 }).toBe(200);
    const report = await lesson;
    const late = await runLesson(
      deployment,
      cohortOf(roster, from + LESSON, LATECOMERS, CLASS_SIZE),
      labs,
      { ...LESSON_OPTIONS, students: LATECOMERS, rampSeconds: 2 },
    );
    const ledger = await ledgerOf(
      database,
      classroomIds,
      acknowledgedOf([...report.outcomes, ...late.outcomes]),
    );
    return {
      pid,
      server,
      probes,
      downMs: restartedAt - stoppedAt,
      unservedMs: servedAgainAt - stoppedAt,
      errorsLoggedSince: errorsLoggedSince(server.output(), servedAgainEpochMs),
      report,
      late,
      ledger,
    };
  }

  /** The server's warnings and errors, and the end of PostgreSQL's log, for a failed test. */
  function whatTheServersSaid() {
    const server = deployment?.servers[0];
    // Warnings and errors, and whatever is not a log line (a crash's stack).
    const lines = (server?.output() ?? '')
      .split('\n')
      .filter((line) => /"level":[456]0\b/.test(line) || (line.trim() && !line.startsWith('{')));
    const postgresLog = postgres?.log().trimEnd().split('\n') ?? [];
    return [
      `The server (exit code ${server?.child.exitCode}), last warnings:`,
      ...lines.slice(-15),
      "PostgreSQL's log:",
      ...postgresLog.slice(-25),
    ].join('\n');
  }

  /** Every error of a step the outage met: a 503 from the API or the identity service. */
  function expectOutageErrorsOnly(report: LessonReport) {
    const messages = Object.values(report.errorMessages).flat();
    for (const message of messages) {
      expect(message).not.toMatch(/timeout|aborted/i);
      expect(message).toMatch(/: 503 /);
    }
    return messages.length;
  }

  for (const [mode, cohort] of [
    ['fast', 0],
    ['immediate', 1],
  ] as const) {
    it(`answers 503 while away, then serves again in the same process, keeping every acknowledged flag once (stop -m ${mode})`, async () => {
      onTestFailed(() => console.error(whatTheServersSaid()));
      const result = await restartDuringLesson(mode, cohort);
      const { probes, report, late, ledger } = result;
      console.info(
        `PostgreSQL stop -m ${mode}: away ${(result.downMs / 1000).toFixed(1)} s, ` +
          `API unserved for ${(result.unservedMs / 1000).toFixed(1)} s; lesson of ${report.students} ` +
          `in ${report.seconds.toFixed(0)} s, errors by step ${JSON.stringify(
            Object.fromEntries(report.steps.map((step) => [step.step, step.errors])),
          )}; ${probes.length} probes, slowest ${Math.max(
            ...probes.flatMap((one) => [one.api.ms, one.ready.ms, one.signIn.ms]),
          ).toFixed(0)} ms; latecomers' errors ${late.errors}; flags acknowledged ` +
          `${ledger.acknowledged}, kept once ${ledger.keptOnce}, stored unanswered ` +
          `${ledger.unacknowledgedRows}; solves ${ledger.solves}`,
      );

      // While away: 503 with Retry-After, as problem+json from the API, none hung.
      expect(probes.length).toBeGreaterThan(0);
      for (const { afterStopMs, api, ready, signIn } of probes) {
        const made = `made ${afterStopMs} ms after the stop`;
        expect(api, `the API's probe ${made}`).toMatchObject({
          status: 503,
          retryAfter: '5',
          contentType: expect.stringMatching(/^application\/problem\+json/),
          code: 'database_unavailable',
        });
        expect(ready, `the readiness probe ${made}`).toMatchObject({
          status: 503,
          retryAfter: '5',
        });
        expect(signIn, `the sign-in probe ${made}`).toMatchObject({
          status: 503,
          retryAfter: '5',
        });
      }

      // Back without a restart: the same process, ready, and a class arriving after it is served.
      expect(result.server.child.pid).toBe(result.pid);
      expect(result.server.child.exitCode).toBeNull();
      expect(result.errorsLoggedSince).toEqual([]);
      expect(late.errors, JSON.stringify(late.errorSamples)).toBe(0);
      expect(late.outcomes.every((outcome) => outcome.solved)).toBe(true);

      // The lesson met the outage as 503s, and none of its requests hung.
      expect(expectOutageErrorsOnly(report)).toBeGreaterThan(0);

      // Nothing lost, nothing doubled.
      expect(ledger.missing).toEqual([]);
      expect(ledger.doubled).toEqual([]);
      expect(ledger.answeredOtherwise).toEqual([]);
      expect(ledger.keptOnce).toBe(ledger.acknowledged);
      expect(ledger.repeatedRows).toBe(0);
      expect(ledger.doubledSolves).toBe(0);
      expect(ledger.solvesWithoutRightFlag).toBe(0);
      expect(ledger.unsolvedRightFlags).toBe(0);
      expect(ledger.miscounted).toEqual([]);
      expect(ledger.solves).toBeGreaterThanOrEqual(
        [...report.outcomes, ...late.outcomes].filter((outcome) => outcome.solved).length,
      );
    }, 150_000);
  }
});
