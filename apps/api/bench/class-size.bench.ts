/**
 * What a student's reads at the start of a lesson cost in a classroom of 500 against one of 10,
 * with the same 30 labs, about 10 solves and 40 wrong flags per student: each should cost at
 * most 1.25 times as much in the big one (req/s of the small ÷ req/s of the big), so that a
 * read's cost does not grow with the class. Through identity and the product API composed as
 * the all-in-one server composes them, on PostgreSQL. A read's two classrooms are loaded in
 * turns, round after round, and its ratio is the median of its rounds' ratios, so that other
 * work on the machine weighs on both alike. Exits with 1 when a read misses.
 * Run: npm run bench:class-size -w @hackclass/api   (DATABASE_URL: the PostgreSQL server to
 * create the benchmark's database on, default postgres://postgres@127.0.0.1:5432/postgres;
 * BENCH_SECONDS: measured seconds per classroom and read, default 10; BENCH_ROUNDS: the turns
 * they are cut into, default 10)
 */
import { setTimeout } from 'node:timers/promises';
import { ROLE } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { KNOWN_USER_TTL_MS } from '../src/users/known-users';
import { startBenchServer } from './bench-server';
import {
  BIG_CLASSROOM_MEMBERS,
  LABS,
  SMALL_CLASSROOM_MEMBERS,
  seedClassSizes,
} from './class-size-seed';
import { median, printTable, ratios, row } from './figures';
import { get } from './http';
import { load } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const CONNECTIONS = 10;
const BOUND = 1.25;
/** The leaderboard's first page as the classroom overview reads it. */
const OVERVIEW_LEADERBOARD_PAGE_SIZE = 10;
/** The announcements' first page as the classroom overview reads it. */
const ANNOUNCEMENTS_PAGE_SIZE = 5;

async function main(): Promise<void> {
  const server = await startBenchServer();
  const { origin, db } = server;
  try {
    const teacher = await server.signIn('teacher@bench.example.org');
    const small = await server.signIn('small-class-student@bench.example.org');
    const big = await server.signIn('big-class-student@bench.example.org');
    await db.update(users).set({ roleId: ROLE.teacher }).where(eq(users.id, teacher.id));
    // Written behind the API's back: it sees the change once the row it read has expired.
    await setTimeout(KNOWN_USER_TTL_MS);
    const started = performance.now();
    const seeded = await seedClassSizes(db, {
      teacherId: teacher.id,
      smallStudentId: small.id,
      bigStudentId: big.id,
    });
    console.log(
      `seeded ${LABS} labs, classrooms of ${SMALL_CLASSROOM_MEMBERS} and ${BIG_CLASSROOM_MEMBERS} members in ${Math.round(performance.now() - started)} ms`,
    );

    const student = (size: 'small' | 'big') => {
      const classroomId = size === 'small' ? seeded.smallClassroomId : seeded.bigClassroomId;
      const firstLesson = size === 'small' ? seeded.smallFirstLessonId : seeded.bigFirstLessonId;
      const { idToken, id } = size === 'small' ? small : big;
      const classroom = `/api/classrooms/${classroomId}`;
      return {
        idToken,
        reads: {
          'dashboard: GET /classrooms': '/api/classrooms',
          'dashboard: GET /users/me/activity': '/api/users/me/activity',
          'classroom: GET /classrooms/:id': classroom,
          'classroom: leaderboard, first page': `${classroom}/leaderboard?page=1&pageSize=${OVERVIEW_LEADERBOARD_PAGE_SIZE}`,
          'first lesson: leaderboard, all on 0': `/api/classrooms/${firstLesson}/leaderboard?page=1&pageSize=${OVERVIEW_LEADERBOARD_PAGE_SIZE}`,
          'classroom: announcements': `${classroom}/announcements?page=1&pageSize=${ANNOUNCEMENTS_PAGE_SIZE}`,
          'lab: GET /hacking-labs/:slug': `/api/hacking-labs/${seeded.lab.slug}`,
          'lab: hints in the classroom': `${classroom}/hacking-labs/${seeded.lab.id}/hints`,
          'bell: notifications': `/api/users/${id}/notifications`,
        },
      };
    };
    const [inSmall, inBig] = [student('small'), student('big')];
    const detail = await get<{ memberCount: number }>(
      `${origin}${inBig.reads['classroom: GET /classrooms/:id']}`,
      inBig.idToken,
    );
    if (detail.memberCount !== BIG_CLASSROOM_MEMBERS) {
      throw new Error(`the big classroom has ${detail.memberCount} members`);
    }
    for (const path of [...Object.values(inSmall.reads)])
      await get(`${origin}${path}`, inSmall.idToken);

    console.log(
      `\nautocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${SECONDS / ROUNDS} s per classroom in turns`,
    );
    const rows: string[][] = [];
    const misses: string[] = [];
    for (const name of Object.keys(inSmall.reads) as (keyof typeof inSmall.reads)[]) {
      const target = (who: typeof inSmall) => ({
        url: `${origin}${who.reads[name]}`,
        headers: { authorization: `Bearer ${who.idToken}` },
      });
      const [smallRounds, bigRounds] = await load({
        targets: [target(inSmall), target(inBig)],
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS / ROUNDS,
        rounds: ROUNDS,
      });
      if (!smallRounds || !bigRounds) throw new Error('the load generator answered too few');
      const cost = median(ratios(smallRounds, bigRounds));
      const met = cost <= BOUND;
      if (!met) misses.push(name);
      const [, smallRate, smallP99, smallFailed] = row(name, smallRounds);
      const [, bigRate, bigP99, bigFailed] = row(name, bigRounds);
      rows.push([
        name,
        smallRate ?? '',
        smallP99 ?? '',
        bigRate ?? '',
        bigP99 ?? '',
        `${smallFailed} · ${bigFailed}`,
        `${cost.toFixed(2)}×`,
        met ? 'pass' : 'FAIL',
      ]);
    }
    printTable(
      [
        'student read',
        `req/s ${SMALL_CLASSROOM_MEMBERS}`,
        'p99 ms',
        `req/s ${BIG_CLASSROOM_MEMBERS}`,
        'p99 ms',
        'non-2xx/errors',
        `cost ${BIG_CLASSROOM_MEMBERS}÷${SMALL_CLASSROOM_MEMBERS}`,
        `≤ ${BOUND}×`,
      ],
      rows,
    );
    console.log(
      misses.length === 0
        ? `\nEvery read costs at most ${BOUND}× in the classroom of ${BIG_CLASSROOM_MEMBERS}.`
        : `\nMore than ${BOUND}× in the classroom of ${BIG_CLASSROOM_MEMBERS}: ${misses.join('; ')}.`,
    );
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
