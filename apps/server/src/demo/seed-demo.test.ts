import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { schema } from '@hackclass/api';
import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    database = await createTestDatabase();
    first = await seedDemo(database);
  }, 180_000);
  afterAll(() => database?.drop());

  it('fills an empty database and says who can sign in', () => {
    expect(first.output).toMatch(/Demo ready in [\d.]+ s: 2 classrooms, 6 labs, 8 students/);
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
      const { solves, labs, submissions, users, classrooms } = schema;
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
        .select({ email: users.email, points: sql<number>`sum(${labs.points})::int` })
        .from(solves)
        .innerJoin(classrooms, eq(classrooms.id, solves.classroomId))
        .innerJoin(labs, eq(labs.id, solves.labId))
        .innerJoin(users, eq(users.id, solves.userId))
        .where(eq(classrooms.name, 'Web Security 101'))
        .groupBy(users.email)
        .orderBy(desc(sql`sum(${labs.points})`))
        .limit(1);
      expect(leader).toEqual({ email: 'alice@demo.hackclass.test', points: 550 });
    } finally {
      await connection.close();
    }
  });

  it('refuses a database that is not empty', async () => {
    const again = await seedDemo(database);
    expect(again.output).toContain('seed:demo fills an empty database, and this one has 10 users');
    expect(again.code).toBe(1);
  }, 120_000);
});
