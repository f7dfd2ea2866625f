import { setTimeout as sleep } from 'node:timers/promises';
import type { LessonLab } from './course';
import { type OpenStream, openEventStream } from './event-stream';
import { LessonClient, signIn } from './lesson-client';
import { LESSON_PASSWORD, type LessonAccount } from './roster';
import type { StepTimings } from './step-timings';

export interface StudentPlan {
  /** The replicas' origins: the student's browser stays on the one it was sent to. */
  origin: string;
  apiKey: string;
  student: LessonAccount;
  classroomId: string;
  lab: LessonLab;
  wrongFlags: number;
  /** The pause between two steps, as a student reads and types. */
  thinkMs: () => number;
  /** Whether to start the lab's live target (an engine answers). */
  startTarget: boolean;
  /** How long the classroom page stays open after the right flag, its stream listening. */
  lingerMs: number;
}

/** A flag the server answered for: what the student was told, and so what must be kept. */
export interface AcknowledgedFlag {
  classroomId: string;
  labId: string;
  flag: string;
  correct: boolean;
}

export interface StudentOutcome {
  studentId: string;
  /** The server acknowledged the right flag with `correct: true`. */
  solved: boolean;
  /** Wrong flags the server acknowledged as wrong. */
  wrongAcknowledged: number;
  acknowledged: AcknowledgedFlag[];
  /** Classroom events the student's open page received. */
  classroomEvents: number;
  /** Pages the server rendered with their data, of those the student opened. */
  pagesRendered: number;
  pagesOpened: number;
}

interface MyTarget {
  target: { id: string; state: string } | null;
}

/**
 * One student's lesson through the real API, the requests the web app sends for each screen:
 * sign in, the dashboard, the classroom page with its live stream open (which refetches the
 * classroom on every event, as the page does), the lab, its file, a live target where the lab
 * has one, wrong flags, the right one, the leaderboard. Each step is timed into `timings`; a
 * failed step is counted there and the student carries on as far as they can.
 */
export async function runStudent(plan: StudentPlan, timings: StepTimings): Promise<StudentOutcome> {
  const { origin, student, classroomId, lab } = plan;
  const outcome: StudentOutcome = {
    studentId: student.id,
    solved: false,
    wrongAcknowledged: 0,
    acknowledged: [],
    classroomEvents: 0,
    pagesRendered: 0,
    pagesOpened: 0,
  };
  /**
   * A page as the web app opens it: rendered by the server with its data, and then the reads the
   * app makes all the same (`refetched`: what its live streams follow, read again once they are
   * open); or, if the server did not render it, all its reads.
   */
  const open = async (
    client: LessonClient,
    path: string,
    reads: string[],
    refetched: string[] = [],
  ) => {
    outcome.pagesOpened += 1;
    const rendered = await client.page(path);
    if (rendered) outcome.pagesRendered += 1;
    await Promise.all((rendered ? refetched : reads).map((read) => client.call('GET', read)));
  };
  const submit = async (step: 'wrong flag' | 'right flag', client: LessonClient, flag: string) => {
    const result = await timings.time(step, () =>
      client.call<{ correct: boolean }>(
        'POST',
        `/classrooms/${classroomId}/hacking-labs/${lab.id}/submissions`,
        { flag },
      ),
    );
    if (result)
      outcome.acknowledged.push({ classroomId, labId: lab.id, flag, correct: result.correct });
    return result;
  };
  const think = () => sleep(plan.thinkMs());
  const streams: OpenStream[] = [];
  try {
    const signedIn = await timings.time('sign-in', async () => {
      const idToken = await signIn(origin, plan.apiKey, student.email, LESSON_PASSWORD);
      const client = new LessonClient(origin, idToken);
      await Promise.all([client.call('GET', '/users/me'), client.keepPageSession()]);
      return client;
    });
    if (!signedIn) return outcome;
    const client = signedIn;
    await timings.time('dashboard', async () => {
      // The dashboard's activity is asked for again on every visit, its data or not; what its
      // live stream follows, once the stream is open, for what went by before it.
      const notifications = `/users/${student.id}/notifications`;
      await open(
        client,
        '/dashboard',
        ['/classrooms', '/users/me/activity', notifications],
        ['/users/me/activity', notifications],
      );
      streams.push(await openEventStream(`${origin}/api/users/me/events`, client.idToken, noop));
    });
    await think();

    const refetch = classroomRefetcher(client, classroomId, timings);
    await timings.time('classroom', async () => {
      const classroomReads = [
        `/classrooms/${classroomId}`,
        `/classrooms/${classroomId}/announcements`,
        `/classrooms/${classroomId}/leaderboard?page=1`,
      ];
      await open(client, `/classrooms/${classroomId}`, classroomReads, [
        ...classroomReads,
        `/users/${student.id}/notifications`,
      ]);
      streams.push(
        await openEventStream(
          `${origin}/api/classrooms/${classroomId}/events`,
          client.idToken,
          () => {
            outcome.classroomEvents += 1;
            refetch();
          },
        ),
      );
    });
    await think();

    const inClassroom = `/classrooms/${classroomId}/hacking-labs/${lab.id}`;
    await timings.time('lab', () =>
      Promise.all([
        client.call('GET', `/hacking-labs/${lab.id}`),
        client.call('GET', `${inClassroom}/hints`),
        client.call('GET', `/classrooms/${classroomId}/labs/${lab.id}/target`),
      ]),
    );
    await think();

    await timings.time('download', async () => {
      const { url } = await client.call<{ url: string }>(
        'POST',
        `/hacking-labs/${lab.id}/files/${lab.fileId}/link`,
      );
      const bytes = await client.download(url);
      if (bytes !== lab.fileBytes) throw new Error(`downloaded ${bytes} of ${lab.fileBytes} bytes`);
    });

    let targetId: string | undefined;
    if (plan.startTarget) {
      targetId = await timings.time('target', () => startTarget(client, classroomId, lab.id));
    }
    await think();

    for (let attempt = 0; attempt < plan.wrongFlags; attempt += 1) {
      const result = await submit('wrong flag', client, `flag{guess-${attempt}-${student.id}}`);
      if (result?.correct === false) outcome.wrongAcknowledged += 1;
      await think();
    }
    const result = await submit('right flag', client, lab.flag);
    outcome.solved = result?.correct === true;
    await think();

    await timings.time('leaderboard', () =>
      client.call('GET', `/classrooms/${classroomId}/leaderboard?page=1`),
    );
    await sleep(plan.lingerMs);
    if (targetId) await client.call('DELETE', `/targets/${targetId}`).catch(noop);
    await refetch.settled();
    return outcome;
  } finally {
    for (const stream of streams) stream.close();
    for (const stream of streams) {
      const broken = await stream.ended;
      if (broken) timings.fail('live stream', broken);
    }
  }
}

const noop = () => undefined;

const TARGET_READY_MS = 60_000;

/** Starts the student's target and waits until it runs: its id. */
async function startTarget(client: LessonClient, classroomId: string, labId: string) {
  const path = `/classrooms/${classroomId}/labs/${labId}/target`;
  const started = await client.call<{ id: string; state: string }>('POST', path);
  const deadline = Date.now() + TARGET_READY_MS;
  let state = started.state;
  while (state !== 'running') {
    if (state === 'failed' || Date.now() > deadline) {
      throw new Error(`the target is ${state} after ${TARGET_READY_MS / 1000} s at most`);
    }
    await sleep(500);
    state = (await client.call<MyTarget>('GET', path)).target?.state ?? 'none';
  }
  return started.id;
}

/** As the web app's `coalescedRefetch`: events wait below this, drawn evenly, and merge. */
const REFETCH_SPREAD_MS = 2_000;

/**
 * What the classroom page does on live events: after a delay drawn below the spread, it
 * refetches the classroom and its leaderboard once for all the events of that delay.
 */
function classroomRefetcher(client: LessonClient, classroomId: string, timings: StepTimings) {
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<unknown>>();
  const run = () => {
    timer = undefined;
    const refetching = timings.time('live refetch', () =>
      Promise.all([
        client.call('GET', `/classrooms/${classroomId}`),
        client.call('GET', `/classrooms/${classroomId}/leaderboard?page=1`),
      ]),
    );
    running.add(refetching);
    void refetching.finally(() => running.delete(refetching));
  };
  const refetch = () => {
    timer ??= setTimeout(run, Math.random() * REFETCH_SPREAD_MS);
  };
  /** The page closes: nothing more is refetched, and what is under way ends. */
  refetch.settled = async () => {
    clearTimeout(timer);
    timer = undefined;
    await Promise.all(running);
  };
  return refetch;
}
