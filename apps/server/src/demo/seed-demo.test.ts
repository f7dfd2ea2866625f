import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { schema } from '@hackclass/api';
import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSchemas } from '../../testing';
import { demoClassrooms, demoLabs } from './demo-content';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run seed:demo` as a newcomer runs it, on the test's own database. */
function seedDemo(database: TestDatabase) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe('npm run seed:demo', () => {
  let database: TestDatabase;
  let first: { code: number | null; output: string };

  beforeAll(async () => {
    database = await createTestDatabase(undefined, { migrated: serverSchemas });
    first = await seedDemo(database);
  }, 180_000);
  afterAll(() => database?.drop());

  it('fills an empty database and says who can sign in', () => {
    expect(first.output).toMatch(/Demo ready in [\d.]+ s: 2 classrooms, 7 labs, 8 students/);
    expect(first.output).toContain('teacher@demo.hackclass.test');
    expect(first.code).toBe(0);
  });

  it('leaves classrooms with ranked members and a two-week history', async () => {
    const connection = await openConnection({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    });
    try {
      const db = drizzleOver(connection, schema);
      const { solves, labs, submissions, users, classrooms, members } = schema;
      const solveCount = demoClassrooms.reduce((total, room) => total + room.solves.length, 0);
      expect(await db.$count(solves)).toBe(solveCount);
      expect(await db.$count(labs)).toBe(demoLabs.length);
      const [history] = await db
        .select({
          days: sql<number>`extract(day from max(${submissions.submittedAt})
          - min(${submissions.submittedAt}))::int`,
        })
        .from(submissions);
      expect(history?.days).toBe(13);
      const [leader] = await db
        .select({ email: users.email, points: members.points, firsts: members.firstSolveCount })
        .from(members)
        .innerJoin(classrooms, eq(classrooms.id, members.classroomId))
        .innerJoin(users, eq(users.id, members.userId))
        .where(eq(classrooms.name, 'Web Security 101'))
        .orderBy(desc(members.points))
        .limit(1);
      // SQL Injection 101 less its 30-point hint, Cookie Monster, Packet Detective on time, and
      // None Shall Pass after two solves: ceil(400 - 300 / 4² × 1²) = 382.
      expect(leader).toEqual({ email: 'alice@demo.hackclass.test', points: 902, firsts: 3 });
    } finally {
      await connection.close();
    }
  });

  it('shows every course feature', async () => {
    const connection = await openConnection({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    });
    try {
      const db = drizzleOver(connection, schema);
      expect(await db.$count(schema.hintUnlocks)).toBe(4);
      expect(await db.$count(schema.announcements)).toBe(4);
      expect(await db.$count(schema.classroomCoTeachers)).toBe(1);
      expect(await db.$count(schema.classroomLabRequirements)).toBe(2);
      expect(await db.$count(schema.labs, eq(schema.labs.scoring, 'dynamic'))).toBe(1);
      expect(await db.$count(schema.labFlags, eq(schema.labFlags.kind, 'regex'))).toBe(1);
      const upcoming = sql`${schema.classroomLabs.opensAt} > now()`;
      expect(await db.$count(schema.classroomLabs, upcoming)).toBe(1);
      const pastDue = sql`${schema.classroomLabs.dueAt} < now()`;
      expect(await db.$count(schema.classroomLabs, pastDue)).toBe(1);
    } finally {
      await connection.close();
    }
  });

  it('refuses a database that is not empty', async () => {
    const again = await seedDemo(database);
    expect(again.output).toContain('seed:demo fills an empty database, and this one has 11 users');
    expect(again.code).toBe(1);
  }, 120_000);
});
