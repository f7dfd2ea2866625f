import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { type ApiDatabase, schema } from '../db';
import { recountPoints } from './recount';
import { solvePoints } from './solve-points';

let database: TestApiDatabase;
let db: ApiDatabase;

beforeAll(async () => {
  database = await testApiDatabase();
  ({ db } = database);
});

afterAll(() => database.close());

const start = Date.parse('2026-03-01T10:00:00Z');
const minutes = (count: number) => new Date(start + count * 60_000);

let made = 0;

/** A classroom with `students` accepted members and one lab in it. */
async function classroomWithLab(
  students: number,
  lab: Partial<typeof schema.labs.$inferInsert> = {},
  schedule: Partial<typeof schema.classroomLabs.$inferInsert> = {},
) {
  made += 1;
  const [classroom] = await db
    .insert(schema.classrooms)
    .values({
      name: `Scoring ${made}`,
      teacherName: 'T',
      joinCode: `SCORE${'ABCDEFGHJKLMNPQRSTUVWXYZ'.charAt(made % 24).repeat(3)}`,
    })
    .returning();
  const [row] = await db
    .insert(schema.labs)
    .values({
      slug: `scoring-${made}`,
      name: `Scoring ${made}`,
      difficulty: 'Easy',
      category: 'Web',
      points: 100,
      ...lab,
    })
    .returning();
  if (!classroom || !row) throw new Error('fixture not made');
  await db
    .insert(schema.classroomLabs)
    .values({ classroomId: classroom.id, labId: row.id, ...schedule });
  const users = await db
    .insert(schema.users)
    .values(
      Array.from({ length: students }, (_, index) => ({
        identityUid: crypto.randomUUID(),
        email: `s${made}-${index}@example.org`,
        roleId: 1,
      })),
    )
    .returning();
  await db.insert(schema.members).values(
    users.map((user) => ({
      classroomId: classroom.id,
      userId: user.id,
      status: 'Accepted' as const,
    })),
  );
  return { classroomId: classroom.id, labId: row.id, userIds: users.map((user) => user.id) };
}

type Fixture = Awaited<ReturnType<typeof classroomWithLab>>;

/** The first `count` students solve, a minute apart unless `at` says when. */
async function solve(fixture: Fixture, count: number, at: (index: number) => Date = minutes) {
  await db.insert(schema.solves).values(
    fixture.userIds.slice(0, count).map((userId, index) => ({
      classroomId: fixture.classroomId,
      labId: fixture.labId,
      userId,
      solvedAt: at(index),
    })),
  );
  await recountPoints(db, [fixture.classroomId]);
}

/** What each solve earns, in the order the students were made. */
async function earned({ classroomId, userIds }: Fixture) {
  const rows = await db
    .select({
      userId: sql<string>`earned.user_id`,
      value: sql<number>`earned.value`.mapWith(Number),
      points: sql<number>`earned.points`.mapWith(Number),
      late: sql<boolean>`earned.late`,
      firstSolve: sql<boolean>`earned.first_solve`,
    })
    .from(sql`${solvePoints(sql`s.classroom_id = ${classroomId}::uuid`)} as earned`);
  return userIds.flatMap((id) => rows.filter((row) => row.userId === id));
}

async function stored({ classroomId, userIds }: Fixture) {
  const rows = await db
    .select({
      userId: schema.members.userId,
      points: schema.members.points,
      solves: schema.members.solveCount,
      firsts: schema.members.firstSolveCount,
    })
    .from(schema.members)
    .where(eq(schema.members.classroomId, classroomId));
  return userIds.map((id) => rows.find((row) => row.userId === id));
}

const dynamic = { scoring: 'dynamic', points: 500, minimumPoints: 100, decay: 10 } as const;

describe('what a solve earns', () => {
  it('keeps a fixed lab’s points however many solve it', async () => {
    const fixture = await classroomWithLab(12, { points: 150 });
    await solve(fixture, 12);
    expect(new Set((await earned(fixture)).map((row) => row.points))).toEqual(new Set([150]));
    expect((await stored(fixture)).map((member) => member?.points)).toEqual(Array(12).fill(150));
  });

  // CTFd's dynamic value with initial 500, minimum 100 and decay 10, for every solver alike:
  // ceil((100 − 500) / 10² · (solves − 1)² + 500), at least 100.
  it.each([
    [1, 500],
    [2, 496],
    [3, 484],
    [10, 176],
    [11, 100],
    [15, 100],
  ])('after %i solves of a dynamic lab, each earns %i', async (solves, value) => {
    const fixture = await classroomWithLab(solves, dynamic);
    await solve(fixture, solves);
    const rows = await earned(fixture);
    expect(rows.map((row) => row.points)).toEqual(Array(solves).fill(value));
    expect((await stored(fixture)).map((member) => member?.points)).toEqual(
      Array(solves).fill(value),
    );
  });

  it('rounds up as CTFd does, without a fractional step’s error', async () => {
    // (0 − 100) / 3² · 1² + 100 = 88.9, rounded up to 89.
    const thirds = await classroomWithLab(2, {
      scoring: 'dynamic',
      points: 100,
      minimumPoints: 0,
      decay: 3,
    });
    await solve(thirds, 2);
    expect((await earned(thirds)).map((row) => row.points)).toEqual([89, 89]);
    // (0 − 368) / 12² · 9² + 368 = 161 exactly, where floating point (CTFd's Python) lands a
    // hair above 161 and rounds up to 162.
    const whole = await classroomWithLab(10, {
      scoring: 'dynamic',
      points: 368,
      minimumPoints: 0,
      decay: 12,
    });
    await solve(whole, 10);
    expect(new Set((await earned(whole)).map((row) => row.points))).toEqual(new Set([161]));
  });

  it('takes a decay whose square is past 32-bit integers', async () => {
    const fixture = await classroomWithLab(2, {
      scoring: 'dynamic',
      points: 10_000,
      minimumPoints: 0,
      decay: 50_000,
    });
    await solve(fixture, 2);
    // ceil(10 000 − 10 000 / 50 000² × 1²) = 10 000.
    expect((await earned(fixture)).map((row) => row.points)).toEqual([10_000, 10_000]);
  });

  it('never goes below the minimum', async () => {
    const fixture = await classroomWithLab(6, {
      scoring: 'dynamic',
      points: 300,
      minimumPoints: 250,
      decay: 2,
    });
    await solve(fixture, 6);
    expect((await earned(fixture)).map((row) => row.points)).toEqual(Array(6).fill(250));
  });

  it('counts each classroom’s solves apart', async () => {
    const busy = await classroomWithLab(5, dynamic);
    await solve(busy, 5);
    const quiet = await classroomWithLab(1, {}, {});
    await db
      .insert(schema.classroomLabs)
      .values({ classroomId: quiet.classroomId, labId: busy.labId });
    await db.insert(schema.solves).values({
      classroomId: quiet.classroomId,
      labId: busy.labId,
      userId: quiet.userIds[0] ?? '',
      solvedAt: minutes(0),
    });
    const quietRows = await db
      .select({ points: sql<number>`earned.points`.mapWith(Number) })
      .from(
        sql`${solvePoints(sql`s.classroom_id = ${quiet.classroomId}::uuid and s.lab_id = ${busy.labId}::uuid`)} as earned`,
      );
    expect(quietRows).toEqual([{ points: 500 }]);
  });

  it.each([
    [100, 400],
    [50, 200],
    [0, 0],
  ])('gives a late solve %i%% of the value', async (latePercent, points) => {
    const fixture = await classroomWithLab(
      2,
      { points: 400 },
      { dueAt: minutes(0.5), latePercent },
    );
    await solve(fixture, 2);
    expect((await earned(fixture)).map(({ late, points }) => ({ late, points }))).toEqual([
      { late: false, points: 400 },
      { late: true, points },
    ]);
  });

  it('takes late credit of a dynamic lab’s current value', async () => {
    const fixture = await classroomWithLab(2, dynamic, { dueAt: minutes(0.5), latePercent: 50 });
    await solve(fixture, 2);
    expect((await earned(fixture)).map((row) => row.points)).toEqual([496, 248]);
  });

  it('takes off the costs of the hints the member unlocked, never below 0', async () => {
    const fixture = await classroomWithLab(3, { points: 100 });
    const otherLab = await classroomWithLab(1);
    const hints = await db
      .insert(schema.labHints)
      .values([
        { labId: fixture.labId, content: 'Look closer', cost: 30, position: 0 },
        { labId: fixture.labId, content: 'The answer', cost: 90, position: 1 },
        { labId: otherLab.labId, content: 'Elsewhere', cost: 50, position: 0 },
      ])
      .returning();
    const [cheap, dear, elsewhere] = hints.map((hint) => hint.id);
    const [first, second] = fixture.userIds;
    await db.insert(schema.hintUnlocks).values([
      { classroomId: fixture.classroomId, userId: first ?? '', hintId: cheap ?? '' },
      { classroomId: fixture.classroomId, userId: first ?? '', hintId: elsewhere ?? '' },
      { classroomId: fixture.classroomId, userId: second ?? '', hintId: cheap ?? '' },
      { classroomId: fixture.classroomId, userId: second ?? '', hintId: dear ?? '' },
    ]);
    await solve(fixture, 3);
    expect((await earned(fixture)).map((row) => row.points)).toEqual([70, 0, 100]);
    expect((await stored(fixture)).map((member) => member?.points)).toEqual([70, 0, 100]);
  });

  it('marks the first solve of a lab, ties sharing the mark', async () => {
    const fixture = await classroomWithLab(3);
    await solve(fixture, 3, (index) => minutes(index === 2 ? 5 : 0));
    expect((await earned(fixture)).map((row) => row.firstSolve)).toEqual([true, true, false]);
    expect((await stored(fixture)).map((member) => member?.firsts)).toEqual([1, 1, 0]);
  });

  it('stops counting a lab taken out of the classroom', async () => {
    const fixture = await classroomWithLab(2, dynamic);
    await solve(fixture, 2);
    await db
      .delete(schema.classroomLabs)
      .where(
        and(
          eq(schema.classroomLabs.classroomId, fixture.classroomId),
          eq(schema.classroomLabs.labId, fixture.labId),
        ),
      );
    await recountPoints(db, [fixture.classroomId]);
    expect(await earned(fixture)).toEqual([]);
    expect(await stored(fixture)).toEqual(
      fixture.userIds.map((userId) => ({ userId, points: 0, solves: 0, firsts: 0 })),
    );
  });
});
