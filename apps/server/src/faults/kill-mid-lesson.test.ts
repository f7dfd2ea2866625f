import { schema } from '@hackclass/api';
import { drizzleOver, openConnection } from '@hackclass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBundle } from '../../testing';
import {
  type Deployment,
  type LessonLab,
  type LessonReport,
  prepareCourse,
  type Roster,
  runLesson,
  seedRoster,
  signedInClient,
  startDeployment,
} from '../../testing/lesson';

const STUDENTS = 20;
const CLASS_SIZE = 10;

describe('the server killed with SIGKILL in the middle of a lesson', () => {
  let deployment: Deployment;
  let roster: Roster;
  let labs: LessonLab[];
  let dataDir = '';
  let report: LessonReport;
  let restartedPid: number | undefined;

  beforeAll(async () => {
    deployment = await startDeployment({
      kind: 'embedded',
      replicas: 1,
      postgresUrl: '',
      redisUrl: '',
      serverArgs: fromBundle(),
      prepare: async (database) => {
        dataDir = database.dataDir;
        roster = await seedRoster(database, { students: STUDENTS, classSize: CLASS_SIZE });
      },
    });
    const origin = deployment.origins[0] ?? '';
    labs = await prepareCourse(origin, deployment.apiKey, roster, { labs: 2 });
    const teacher = await signedInClient(origin, deployment.apiKey, roster.teacher);
    const lesson = runLesson(deployment, roster, labs, {
      students: STUDENTS,
      classSize: CLASS_SIZE,
      // Longer than the server is away, so that students also arrive after it is back.
      rampSeconds: 20,
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

  it('starts again on the same embedded data folder and serves the rest of the lesson', async () => {
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
    const connection = await openConnection({ databaseUrl: undefined, dataDir });
    try {
      const db = drizzleOver(connection, schema);
      const stored = await db.execute<{ user_id: string; flag: string; copies: number }>(
        sql`select user_id, flag, count(*)::int as copies from submissions
          group by user_id, flag`,
      );
      const copies = new Map(stored.rows.map((row) => [`${row.user_id} ${row.flag}`, row.copies]));
      const acknowledged = report.outcomes.flatMap((outcome) =>
        outcome.acknowledged.map((flag) => `${outcome.studentId} ${flag.flag}`),
      );
      expect(acknowledged.length).toBeGreaterThan(0);
      // Wrong flags are each student's own: each acknowledged one is stored once.
      const wrong = report.outcomes.flatMap((outcome) =>
        outcome.acknowledged
          .filter((flag) => !flag.correct)
          .map((flag) => `${outcome.studentId} ${flag.flag}`),
      );
      expect(wrong.map((key) => copies.get(key))).toEqual(wrong.map(() => 1));
      // A right flag acknowledged is a solve; a retried one may be stored again, never solved twice.
      const solvedBy = report.outcomes.filter((outcome) => outcome.solved);
      const solves = await db.execute<{ user_id: string; count: number }>(
        sql`select user_id, count(*)::int as count from solves group by user_id`,
      );
      const solveCount = new Map(solves.rows.map((row) => [row.user_id, row.count]));
      expect(solvedBy.map((outcome) => solveCount.get(outcome.studentId))).toEqual(
        solvedBy.map(() => 1),
      );
      expect([...solveCount.values()].every((count) => count === 1)).toBe(true);
      const misCounted = await db.execute(
        sql`select m.user_id from members m
          left join (select s.classroom_id, s.user_id, sum(l.points)::int as points,
              count(*)::int as solves
            from solves s join labs l on l.id = s.lab_id group by 1, 2) counted
            on counted.classroom_id = m.classroom_id and counted.user_id = m.user_id
          where m.points <> coalesce(counted.points, 0)
            or m.solve_count <> coalesce(counted.solves, 0)`,
      );
      expect(misCounted.rows).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
