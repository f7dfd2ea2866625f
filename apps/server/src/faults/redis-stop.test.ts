import { setTimeout as sleep } from 'node:timers/promises';
import { isReachable } from '@hackclass/api/testing';
import type { TestDatabase } from '@hackclass/db/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  type AcknowledgedSubmission,
  acknowledgedOf,
  cohortOf,
  fromBundle,
  ledgerOf,
  type PrivateRedis,
  privateRedisMissing,
  startPrivateRedis,
} from '../../testing';
import {
  type Deployment,
  LESSON_PASSWORD,
  LessonClient,
  type LessonLab,
  type OpenStream,
  openEventStream,
  type Roster,
  runLesson,
  signIn,
  stageLesson,
} from '../../testing/lesson';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const missing =
  privateRedisMissing() ??
  (!process.env.DATABASE_URL && !(await isReachable(POSTGRES_URL, 5432))
    ? `no PostgreSQL at ${POSTGRES_URL} (set DATABASE_URL)`
    : undefined);
if (missing) console.warn(`Redis stops not tested: ${missing}`);

const CLASS_SIZE = 10;
const LESSON = 30;
/** Students of a class of their own, beside the lesson, who probe the rate limits. */
const SPARE = 2;
/** Into the ramp: students are signing in, others are mid-lab, on both replicas. */
const OUTAGE_AFTER_MS = 3_000;
/** What the flag route allows one member for one lab a minute (FLAGS_PER_MINUTE). */
const FLAGS_PER_MINUTE = 10;

interface Readiness {
  status: number;
  body: { status?: string; checks?: Record<string, { status: string }> };
}

async function readiness(origin: string): Promise<Readiness> {
  const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) });
  return { status: response.status, body: (await response.json()) as Readiness['body'] };
}

const announcements = (stream: OpenStream) => stream.received.get('announcement') ?? 0;

/** The status a call ended with: 200 for an answer, else the refusal's. */
const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (error: unknown) => (error as { status?: number }).status ?? 0,
  );

describe.skipIf(missing)('a lesson on two replicas while Redis stops', () => {
  let redis: PrivateRedis | undefined;
  let deployment: Deployment | undefined;
  let database: TestDatabase | undefined;
  let roster: Roster | undefined;
  let labs: LessonLab[] = [];
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    ({ deployment, database, roster, labs } = await stageLesson({
      kind: 'postgres',
      replicas: 2,
      postgresUrl: POSTGRES_URL,
      redisUrl: redis.url,
      serverArgs: fromBundle(),
      students: LESSON + SPARE,
      classSize: CLASS_SIZE,
      labs: 3,
    }));
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await deployment?.close();
    await redis?.remove();
  });

  /** The replicas' warnings and errors, for a failed test. */
  const whatTheServersSaid = () =>
    (deployment?.servers ?? [])
      .map((server, index) => {
        const lines = server
          .output()
          .split('\n')
          .filter((line) => /"level":[456]0\b/.test(line));
        return `Replica ${index + 1}'s last warnings:\n${lines.slice(-10).join('\n')}`;
      })
      .join('\n');

  it('degrades as documented while it is away and recovers on its own, every acknowledged flag kept once', async () => {
    onTestFailed(() => console.error(whatTheServersSaid()));
    if (!deployment || !redis || !roster || !database) throw new Error('not set up');
    const [one = '', two = ''] = deployment.origins;
    const { apiKey } = deployment;
    const spareClassroom = roster.classroomIds.at(-1) ?? '';
    const [prober] = roster.students.slice(LESSON);
    const [labA, labB] = labs;
    if (!prober || !labA || !labB) throw new Error('no prober or no labs');

    // The teacher has the spare class's page open on each replica, and posts through the first.
    const teacherToken = await signIn(one, apiKey, roster.teacher.email, LESSON_PASSWORD);
    const teacher = new LessonClient(one, teacherToken);
    const watch = async (origin: string) => {
      const stream = await openEventStream(
        `${origin}/api/classrooms/${spareClassroom}/events`,
        teacherToken,
        () => {},
      );
      streams.push(stream);
      return stream;
    };
    const [onOne, onTwo] = [await watch(one), await watch(two)];
    let posted = 0;
    const announce = () =>
      teacher.call('POST', `/classrooms/${spareClassroom}/announcements`, {
        body: `Announcement ${++posted}`,
      });
    await announce();
    await expect.poll(() => announcements(onTwo)).toBe(1);

    // The prober submits wrong flags on a replica, each one recorded as acknowledged or not.
    const proberToken = await signIn(one, apiKey, prober.email, LESSON_PASSWORD);
    const proberOn = {
      [one]: new LessonClient(one, proberToken),
      [two]: new LessonClient(two, proberToken),
    };
    const probed: AcknowledgedSubmission[] = [];
    let guesses = 0;
    const guess = async (origin: string, lab: LessonLab) => {
      const flag = `flag{probe-${++guesses}}`;
      const submitting = proberOn[origin]?.call<{ correct: boolean }>(
        'POST',
        `/classrooms/${spareClassroom}/hacking-labs/${lab.id}/submissions`,
        { flag },
      );
      const status = await statusOf(
        (submitting ?? Promise.reject(new Error('no client'))).then((answer) => {
          probed.push({
            classroomId: spareClassroom,
            labId: lab.id,
            flag,
            correct: answer.correct,
            userId: prober.id,
          });
        }),
      );
      return status;
    };
    const guessTimes = async (times: number, origin: string, lab: LessonLab) => {
      const statuses: number[] = [];
      for (let index = 0; index < times; index += 1) statuses.push(await guess(origin, lab));
      return statuses;
    };

    const lesson = runLesson(deployment, cohortOf(roster, 0, LESSON, CLASS_SIZE), labs, {
      students: LESSON,
      classSize: CLASS_SIZE,
      rampSeconds: 8,
      wrongFlags: 2,
      thinkMs: [300, 900],
      lingerMs: 1_000,
      startTargets: false,
    });
    await sleep(OUTAGE_AFTER_MS);
    const stoppedAt = performance.now();
    await redis.stop();

    // Ready, degraded: Redis named, the database fine, on both replicas.
    for (const origin of [one, two]) {
      await expect
        .poll(() => readiness(origin), { interval: 200 })
        .toMatchObject({
          status: 200,
          body: {
            status: 'degraded',
            checks: { database: { status: 'ok' }, redis: { status: 'degraded' } },
          },
        });
    }

    // Live events: a change reaches the pages on its own replica, not those on the other.
    const [seenOnOne, seenOnTwo] = [announcements(onOne), announcements(onTwo)];
    await announce();
    await expect.poll(() => announcements(onOne)).toBe(seenOnOne + 1);
    await sleep(1_000);
    expect(announcements(onTwo)).toBe(seenOnTwo);

    // Rate limits: counted by each replica alone, never lifted.
    const alone = await guessTimes(FLAGS_PER_MINUTE + 1, one, labA);
    expect(alone).toEqual([...Array(FLAGS_PER_MINUTE).fill(200), 429]);
    expect(await guess(two, labA)).toBe(200);

    const restartedAt = performance.now();
    await redis.start();

    // Back on its own: ready again, events shared again, limits shared again.
    for (const origin of [one, two]) {
      await expect
        .poll(() => readiness(origin), { interval: 200 })
        .toMatchObject({ status: 200, body: { status: 'ok' } });
    }
    let sharedAgainAt = 0;
    for (let attempt = 0; attempt < 10 && !sharedAgainAt; attempt += 1) {
      const seen = announcements(onTwo);
      await announce();
      await sleep(1_000);
      if (announcements(onTwo) > seen) sharedAgainAt = performance.now();
    }
    expect(sharedAgainAt, 'no event through the first replica reached the second').toBeGreaterThan(
      0,
    );
    // Each replica counts limits through a Redis connection of its own, which comes back at its
    // own pace: until it has, a guess there is counted by that replica alone (and counts made
    // apart are not merged). Guesses on the other lab tell when each says it shares again.
    const countsShared = (index: number) =>
      deployment?.servers[index]?.output().includes('counts are shared again') ?? false;
    for (const [index, origin] of [one, two].entries()) {
      await expect
        .poll(
          async () => {
            if (!countsShared(index)) await guess(origin, labA);
            return countsShared(index);
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);
    }
    const half = FLAGS_PER_MINUTE / 2;
    const shared = [
      ...(await guessTimes(half, one, labB)),
      ...(await guessTimes(half, two, labB)),
      await guess(one, labB),
    ];
    expect(shared).toEqual([...Array(FLAGS_PER_MINUTE).fill(200), 429]);

    const report = await lesson;
    const ledger = await ledgerOf(
      database,
      [...roster.classroomIds],
      [...acknowledgedOf(report.outcomes), ...probed],
    );
    console.info(
      `Redis away ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s, events across replicas ` +
        `again ${((sharedAgainAt - restartedAt) / 1000).toFixed(1)} s after it was back; lesson of ` +
        `${report.students} on two replicas in ${report.seconds.toFixed(0)} s, errors by step ` +
        `${JSON.stringify(Object.fromEntries(report.steps.map((step) => [step.step, step.errors])))}, ` +
        `solved ${report.outcomes.filter((outcome) => outcome.solved).length}; steps' p50/max ms ` +
        `${report.steps.map((step) => `${step.step} ${step.p50.toFixed(0)}/${step.max.toFixed(0)}`).join(', ')}; flags acknowledged ` +
        `${ledger.acknowledged}, kept once ${ledger.keptOnce}, stored unanswered ` +
        `${ledger.unacknowledgedRows}; solves ${ledger.solves}`,
    );

    // Nothing else failed: every step of every student went through.
    expect(report.errorSamples).toEqual({});
    expect(report.outcomes.every((outcome) => outcome.solved)).toBe(true);
    // Same process, both replicas, each saying when it counted alone and when it shared again.
    for (const server of deployment.servers) {
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).toContain('this process counts alone until it answers again');
      expect(server.output()).toContain('Redis answers again, counts are shared again');
    }

    // Nothing lost, nothing doubled.
    expect(ledger.missing).toEqual([]);
    expect(ledger.doubled).toEqual([]);
    expect(ledger.answeredOtherwise).toEqual([]);
    expect(ledger.keptOnce).toBe(ledger.acknowledged);
    expect(ledger.unacknowledgedRows).toBe(0);
    expect(ledger.repeatedRows).toBe(0);
    expect(ledger.doubledSolves).toBe(0);
    expect(ledger.solvesWithoutRightFlag).toBe(0);
    expect(ledger.unsolvedRightFlags).toBe(0);
    expect(ledger.miscounted).toEqual([]);
    expect(ledger.solves).toBe(LESSON);
  }, 150_000);
});
