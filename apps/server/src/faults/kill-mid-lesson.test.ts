import type { TestDatabase } from '@hackclass/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acknowledgedOf, fromBundle, ledgerOf } from '../../testing';
import {
  type Deployment,
  type LessonLab,
  type LessonReport,
  type Roster,
  runLesson,
  signedInClient,
  stageLesson,
} from '../../testing/lesson';

const STUDENTS = 20;
const CLASS_SIZE = 10;

describe('the server killed with SIGKILL in the middle of a lesson', () => {
  let deployment: Deployment;
  let roster: Roster;
  let labs: LessonLab[];
  let database: TestDatabase;
  let report: LessonReport;
  let restartedPid: number | undefined;

  beforeAll(async () => {
    ({ deployment, database, roster, labs } = await stageLesson({
      // The run's database: the embedded one, or PostgreSQL (and Redis) when DATABASE_URL is set.
      kind: process.env.DATABASE_URL ? 'postgres' : 'embedded',
      replicas: 1,
      serverArgs: fromBundle(),
      students: STUDENTS,
      classSize: CLASS_SIZE,
      labs: 2,
    }));
    const origin = deployment.origins[0] ?? '';
    const teacher = await signedInClient(origin, deployment.apiKey, roster.teacher);
    const lesson = runLesson(deployment, roster, labs, {
      students: STUDENTS,
      classSize: CLASS_SIZE,
      // Longer than the server is away (2 s on a quiet machine, 16 s on a loaded one), so that
      // students also arrive after it is back.
      rampSeconds: 40,
      wrongFlags: 4,
      thinkMs: [500, 1_500],
      lingerMs: 500,
      startTargets: false,
    });
    // Killed once flags are being submitted, with more on their way.
    const submitted = async () =>
      (
        await Promise.all(
          roster.classroomIds.map((id) =>
            teacher.call<{ total: number }>('GET', `/classrooms/${id}/submissions`),
          ),
        )
      ).reduce((sum, page) => sum + page.total, 0);
    await vi.waitFor(
      async () => {
        if ((await submitted()) < 10) throw new Error('fewer than 10 flags submitted yet');
      },
      { timeout: 120_000, interval: 100 },
    );
    const killedAt = performance.now();
    restartedPid = (await deployment.restart(0, 'SIGKILL')).child.pid;
    const awayMs = performance.now() - killedAt;
    report = await lesson;
    const acknowledged = report.outcomes.reduce(
      (sum, outcome) => sum + outcome.acknowledged.length,
      0,
    );
    console.info(
      `killed mid-lesson: away ${Math.round(awayMs)} ms; ${acknowledged} flags acknowledged, ${report.outcomes.filter((outcome) => outcome.solved).length} of ${STUDENTS} solved; errors by step: ${JSON.stringify(Object.fromEntries(report.steps.map((step) => [step.step, step.errors])))} ${JSON.stringify(report.errorSamples)}`,
    );
  }, 240_000);

  afterAll(async () => {
    await deployment?.close();
  });

  it('starts again on the same data folder and database, and serves the rest of the lesson', async () => {
    expect(restartedPid).toBe(deployment.servers[0]?.child.pid);
    const ready = await fetch(`${deployment.origins[0]}/readyz`);
    expect(ready.status).toBe(200);
    // Some students met the outage; every one of them who arrived after it went through.
    expect(report.outcomes.filter((outcome) => outcome.solved).length).toBeGreaterThan(0);
    // What the others met was the server being away, never an error answer.
    const errors = Object.values(report.errorSamples).flat();
    expect(errors.filter((message) => /: 5\d\d /.test(message))).toEqual([]);
  });

  it('keeps every flag the students were answered for exactly once, and counts no solve twice', async () => {
    await deployment.servers[0]?.stop();
    const ledger = await ledgerOf(database, roster.classroomIds, acknowledgedOf(report.outcomes));
    expect(ledger.acknowledged).toBeGreaterThan(0);
    expect(ledger.keptOnce).toBe(ledger.acknowledged);
    expect(ledger.doubledSolves).toBe(0);
    expect(ledger.solvesWithoutRightFlag).toBe(0);
    expect(ledger.unsolvedRightFlags).toBe(0);
    expect(ledger.miscounted).toEqual([]);
    console.info(
      `killed mid-lesson: ${ledger.keptOnce} of ${ledger.acknowledged} acknowledged flags kept once, ${ledger.unacknowledgedRows} stored whose answer the kill lost, ${ledger.solves} solves`,
    );
  });
});
