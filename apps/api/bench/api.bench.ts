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
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { ROLE } from '@hackclass/contracts';
import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { createService } from '@hackclass/http';
import { freePort } from '@hackclass/http/testing';
import { identityApp, identityOptionsOf } from '@hackclass/identity';
import { createLogger } from '@hackclass/logger';
import { eq } from 'drizzle-orm';
import { apiApp } from '../src/app';
import { classroomFor } from '../src/classrooms/access';
import { listClassroomViews } from '../src/classrooms/find-classrooms';
import { schema } from '../src/db';
import { users } from '../src/db/schema';
import { listMembers } from '../src/members/list-members';
import { apiOptionsOf } from '../src/options';
import { canSeeClassroom } from '../src/policies/classrooms';
import { KNOWN_USER_TTL_MS } from '../src/users/known-users';
import type { LoadJob, LoadResult, LoadTarget, RoundResult } from './load';
import { bareServer, explain, sameSqlServer, sqlRecorder } from './references';
import { BIG_CLASSROOM_MEMBERS, STUDENT_CLASSROOMS, seed } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const CONNECTIONS = 10;
const TARGET = 0.75;
const API_KEY = 'bench-api-key';
const PASSWORD = 'correct horse battery';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load.ts', import.meta.url), [JSON.stringify(job)]);
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code === 0 || reject(new Error(`load exited with ${code}`)));
  });
}

const measure = (targets: LoadTarget[]) =>
  load({
    targets,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS / ROUNDS,
    rounds: ROUNDS,
  });

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const { databaseUrl, dataDir } = database;
  if (!databaseUrl) throw new Error('the benchmark needs PostgreSQL');
  const stopping: (() => Promise<void>)[] = [() => database.drop()];
  try {
    const port = await freePort();
    const adminSecret = randomBytes(32).toString('base64url');
    const config = loadConfig(serverConfigSchema, {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      IDENTITY_API_KEY: API_KEY,
      IDENTITY_ADMIN_SECRET: adminSecret,
      // Limits still counted on every request, but high enough not to refuse the benchmark.
      RATE_LIMIT_PER_MINUTE: '10000000',
      LOG_LEVEL: 'silent',
    });
    const connection = await openConnection(config);
    stopping.unshift(() => connection.close());
    if (connection.kind !== 'postgres') throw new Error('the benchmark needs PostgreSQL');
    const context = { config, connection, logger: createLogger('silent') };
    const app = await createService(context);
    await app.register(identityApp, identityOptionsOf(context));
    await app.register(apiApp, { prefix: '/api', ...apiOptionsOf(context) });
    stopping.unshift(() => app.close());
    const origin = await app.listen({ port, host: '127.0.0.1' });

    const tokenFor = async (email: string) => {
      await post(
        `${origin}/identity/admin/v1/accounts`,
        { email, password: PASSWORD, emailVerified: true },
        { authorization: `Bearer ${adminSecret}` },
      );
      const { idToken } = await post(
        `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
        { email, password: PASSWORD, returnSecureToken: true },
      );
      if (!idToken) throw new Error(`no ID token for ${email}`);
      const me = await get<{ id: string }>(`${origin}/api/users/me`, idToken);
      return { idToken, id: me.id };
    };
    const student = await tokenFor('student@bench.example.org');
    const teacher = await tokenFor('teacher@bench.example.org');
    const db = drizzleOver(connection, schema);
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
    stopping.unshift(() => sameSqlConnection.close());
    if (sameSqlConnection.kind !== 'postgres') throw new Error('the benchmark needs PostgreSQL');
    const sameSql = await sameSqlServer(sameSqlConnection.client, {
      '/classrooms': classroomSteps,
      '/members': memberSteps,
    });
    stopping.unshift(() => sameSql.close());
    const bare = await bareServer();
    stopping.unshift(() => bare.close());

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
    for (const stop of stopping) await stop().catch((error: unknown) => console.error(error));
  }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

async function get<T = Record<string, unknown>>(url: string, idToken: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${idToken}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Round by round, one server's req/s over another's, measured one just after the other. */
const ratios = (ours: RoundResult[], theirs: RoundResult[]) =>
  ours.map((round, index) => round.requestsPerSecond / (theirs[index]?.requestsPerSecond ?? 0));

/** A server's rounds together: mean req/s, median p99, all refusals and errors. */
const row = (name: string, rounds: RoundResult[], ...ratioCells: string[]) => [
  name,
  (rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length).toFixed(0),
  median(rounds.map((round) => round.p99Ms)).toFixed(1),
  `${rounds.reduce((sum, round) => sum + round.non2xx, 0)}/${rounds.reduce((sum, round) => sum + round.errors, 0)}`,
  ...ratioCells,
];

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const cells of rows) console.log(line(cells));
}

await main();
