/**
 * Throughput and p99 latency of the API's busiest reads, through identity and the product API
 * composed as the all-in-one server composes them, on PostgreSQL, each beside a bare Fastify
 * route and a minimal route running the same SQL on the same driver: every route of ours should
 * reach at least 75% of its same-SQL route's req/s. The three servers of a route are loaded in
 * turns, round after round, and a route's ratio is the median of its rounds' ratios, so that
 * other work on the machine weighs on both sides alike.
 * Run: npm run bench -w @hackclass/api   (DATABASE_URL: the PostgreSQL server to create the
 * benchmark's database on, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SECONDS:
 * measured seconds per server, default 20; BENCH_ROUNDS: the turns they are cut into, default 10)
 */
import { setTimeout } from 'node:timers/promises';
import { ROLE } from '@hackclass/contracts';
import { openConnection } from '@hackclass/db';
import { eq } from 'drizzle-orm';
import { classroomFor } from '../src/classrooms/access';
import { listClassroomViews } from '../src/classrooms/find-classrooms';
import { users } from '../src/db/schema';
import { listMembers } from '../src/members/list-members';
import { canSeeClassroom } from '../src/policies/classrooms';
import { KNOWN_USER_TTL_MS } from '../src/users/known-users';
import { startBenchServer } from './bench-server';
import { median, percent, printTable, ratios, row } from './figures';
import { get } from './http';
import type { LoadTarget } from './load';
import { load } from './measure';
import { bareServer, explain, sameSqlServer, sqlRecorder } from './references';
import { BIG_CLASSROOM_MEMBERS, STUDENT_CLASSROOMS, seed } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const CONNECTIONS = 10;
const TARGET = 0.75;

const measure = (targets: LoadTarget[]) =>
  load({
    targets,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS / ROUNDS,
    rounds: ROUNDS,
  });

async function main(): Promise<void> {
  const server = await startBenchServer();
  const { origin, connection, db, databaseUrl, dataDir } = server;
  try {
    const student = await server.signIn('student@bench.example.org');
    const teacher = await server.signIn('teacher@bench.example.org');
    await db.update(users).set({ roleId: ROLE.teacher }).where(eq(users.id, teacher.id));
    // Written behind the API's back: it sees the change once the row it read has expired.
    await setTimeout(KNOWN_USER_TTL_MS);
    const started = performance.now();
    const { bigClassroomId } = await seed(db, { studentId: student.id, teacherId: teacher.id });
    console.log(`seeded in ${Math.round(performance.now() - started)} ms`);

    const routes = {
      classrooms: '/api/classrooms',
      members: `/api/classrooms/${bigClassroomId}/members?page=1&pageSize=20`,
      membersDefault: `/api/classrooms/${bigClassroomId}/members`,
    };
    const listed = await get<unknown[]>(`${origin}${routes.classrooms}`, student.idToken);
    const roster = await get(`${origin}${routes.members}`, teacher.idToken);
    if (listed.length !== STUDENT_CLASSROOMS || roster.total !== BIG_CLASSROOM_MEMBERS + 1) {
      throw new Error(`unexpected answers: ${listed.length} classrooms, ${roster.total} members`);
    }

    // The SQL the routes send, from the API's own query functions with the same parameters.
    const recorder = sqlRecorder(connection.client);
    const [studentRow] = await db.select().from(users).where(eq(users.id, student.id));
    const [teacherRow] = await db.select().from(users).where(eq(users.id, teacher.id));
    if (!studentRow || !teacherRow) throw new Error('users missing');
    const classroomSteps = [await recorder.step(() => listClassroomViews(recorder.db, studentRow))];
    const memberSteps = [
      await recorder.step(() =>
        classroomFor(recorder.db, bigClassroomId, teacherRow, canSeeClassroom),
      ),
      await recorder.step(() =>
        listMembers(
          recorder.db,
          bigClassroomId,
          { page: 1, pageSize: 20, status: undefined, search: undefined },
          { manager: true },
        ),
      ),
    ];
    const sameSqlConnection = await openConnection({ databaseUrl, dataDir });
    server.onStop(() => sameSqlConnection.close());
    if (sameSqlConnection.kind !== 'postgres') throw new Error('the benchmark needs PostgreSQL');
    const sameSql = await sameSqlServer(sameSqlConnection.client, {
      '/classrooms': classroomSteps,
      '/members': memberSteps,
    });
    server.onStop(() => sameSql.close());
    const bare = await bareServer();
    server.onStop(() => bare.close());

    console.log("\nEXPLAIN ANALYZE of the routes' queries (bench database, after ANALYZE):");
    const named: [string, (typeof classroomSteps)[number][number] | undefined][] = [
      ['GET /classrooms: listClassroomViews', classroomSteps[0]?.[0]],
      ['GET /classrooms/:id/members: findClassroomView', memberSteps[0]?.[0]],
      ['GET /classrooms/:id/members: listMembers count', memberSteps[1]?.[0]],
      ['GET /classrooms/:id/members: listMembers page', memberSteps[1]?.[1]],
    ];
    for (const [name, query] of named) {
      if (!query) continue;
      const { plan, indexes, seqScans } = await explain(connection.client, query);
      console.log(`\n-- ${name}\n${plan.map((line) => `   ${line}`).join('\n')}`);
      console.log(
        `   indexes used: ${indexes.join(', ') || 'none'}; seq scans: ${seqScans.length}`,
      );
    }

    const scenarios = [
      {
        name: 'GET /api/classrooms (student, 20)',
        ours: [routes.classrooms, student.idToken],
        sameSql: '/classrooms',
      },
      {
        name: 'GET …/members?page=1&pageSize=20',
        ours: [routes.members, teacher.idToken],
        sameSql: '/members',
      },
      {
        name: 'GET …/members (default page)',
        ours: [routes.membersDefault, teacher.idToken],
        sameSql: '/members',
      },
    ] as const;
    console.log(
      `\nautocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${SECONDS / ROUNDS} s per server in turns (ours, same SQL, bare)`,
    );
    const rows: string[][] = [];
    const misses: string[] = [];
    for (const scenario of scenarios) {
      const [path, token] = scenario.ours;
      const [ours, reference, constant] = await measure([
        { url: `${origin}${path}`, headers: { authorization: `Bearer ${token}` } },
        { url: `${sameSql.origin}${scenario.sameSql}`, headers: {} },
        { url: bare.origin, headers: {} },
      ]);
      if (!ours || !reference || !constant) throw new Error('the load generator answered too few');
      const toSameSql = ratios(ours, reference);
      const met = median(toSameSql) >= TARGET;
      if (!met) misses.push(scenario.name);
      rows.push(
        row(
          scenario.name,
          ours,
          `${percent(median(toSameSql))} (${percent(Math.min(...toSameSql))}–${percent(Math.max(...toSameSql))})`,
          met ? 'yes' : 'NO',
          percent(median(ratios(ours, constant))),
        ),
        row('  same SQL, minimal route', reference, '', '', ''),
        row('  bare Fastify, constant JSON', constant, '', '', ''),
      );
    }
    printTable(
      [
        'route',
        'req/s',
        'p99 ms',
        'non-2xx/errors',
        'ours/same-SQL (rounds)',
        `≥ ${percent(TARGET)}`,
        'ours/bare',
      ],
      rows,
    );
    console.log(
      misses.length === 0
        ? `\nEvery route reaches ${percent(TARGET)} of its same-SQL route.`
        : `\nBelow ${percent(TARGET)} of the same-SQL route: ${misses.join('; ')}.`,
    );
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
