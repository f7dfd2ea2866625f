import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedAcross, migratedAcross } from '../../test/support/migrations';
import { matchesFlag } from '../labs/flags';
import { recountPoints } from '../leaderboard/recount';
import { type ApiDatabase, schema } from '.';

let migrated: MigratedAcross;
let db: ApiDatabase;
const ids = {
  teacher: crypto.randomUUID(),
  first: crypto.randomUUID(),
  second: crypto.randomUUID(),
  classroom: crypto.randomUUID(),
  web: crypto.randomUUID(),
  crypto: crypto.randomUUID(),
};

/** A classroom as the previous version left it: two labs, two students, three solves. */
async function fillAsBefore(db: ApiDatabase) {
  const { teacher, first, second, classroom, web, crypto: cryptoLab } = ids;
  await db.execute(sql`insert into users (id, identity_uid, email, role_id) values
    (${teacher}, 'uid-teacher', 'teacher@example.org', 2),
    (${first}, 'uid-first', 'first@example.org', 1),
    (${second}, 'uid-second', 'second@example.org', 1)`);
  await db.execute(sql`insert into classrooms (id, name, teacher_name, join_code, creator_id)
    values (${classroom}, 'Web 101', 'Ada', 'ABCD2345', ${teacher})`);
  await db.execute(sql`insert into labs (id, slug, name, difficulty, category, points, creator_id)
    values (${web}, 'sqli', 'SQLi', 'Easy', 'Web', 100, ${teacher}),
      (${cryptoLab}, 'caesar', 'Caesar', 'Easy', 'Crypto', 200, ${teacher})`);
  await db.execute(sql`insert into lab_flags (lab_id, value, case_sensitive) values
    (${web}, 'HC{or_1=1}', true), (${cryptoLab}, 'HC{Caesar}', false)`);
  await db.execute(sql`insert into classroom_labs (classroom_id, lab_id) values
    (${classroom}, ${web}), (${classroom}, ${cryptoLab})`);
  await db.execute(sql`insert into members (classroom_id, user_id, status, points, solve_count,
      reached_at) values
    (${classroom}, ${first}, 'Accepted', 300, 2, '2026-10-03T10:00:00Z'),
    (${classroom}, ${second}, 'Accepted', 100, 1, '2026-10-02T10:00:00Z')`);
  await db.execute(sql`insert into solves (classroom_id, user_id, lab_id, solved_at) values
    (${classroom}, ${first}, ${web}, '2026-10-01T10:00:00Z'),
    (${classroom}, ${second}, ${web}, '2026-10-02T10:00:00Z'),
    (${classroom}, ${first}, ${cryptoLab}, '2026-10-03T10:00:00Z')`);
}

const standings = () =>
  db
    .select({
      email: schema.users.email,
      points: schema.members.points,
      solves: schema.members.solveCount,
      firsts: schema.members.firstSolveCount,
    })
    .from(schema.members)
    .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
    .orderBy(asc(schema.users.email));

describe('the course features’ migration', () => {
  beforeAll(async () => {
    // Up to 0007, as they were before the course features; then the course features' migration
    // first, then any that came after it.
    migrated = await migratedAcross('0008', fillAsBefore);
    db = migrated.db;
    expect(migrated.applied[0]).toBe('0008_course_features');
  });

  afterAll(() => migrated.close());

  it('keeps every classroom lab open and announced, without due date, at full credit or requirements', async () => {
    const rows = await db
      .select({
        opensAt: schema.classroomLabs.opensAt,
        dueAt: schema.classroomLabs.dueAt,
        latePercent: schema.classroomLabs.latePercent,
        // Announced when they were added, so the schedule clock never announces them again.
        announced: sql<boolean>`${schema.classroomLabs.announcedAt} = ${schema.classroomLabs.addedAt}`,
      })
      .from(schema.classroomLabs);
    expect(rows).toEqual([
      { opensAt: null, dueAt: null, latePercent: 100, announced: true },
      { opensAt: null, dueAt: null, latePercent: 100, announced: true },
    ]);
    expect(await db.$count(schema.classroomLabRequirements)).toBe(0);
  });

  it('keeps labs at fixed points, with no hints and their flags compared as before', async () => {
    const labs = await db
      .select({ scoring: schema.labs.scoring, minimum: schema.labs.minimumPoints })
      .from(schema.labs);
    expect(labs).toEqual([
      { scoring: 'fixed', minimum: null },
      { scoring: 'fixed', minimum: null },
    ]);
    expect(await db.$count(schema.labHints)).toBe(0);
    const flags = await db.select().from(schema.labFlags).orderBy(asc(schema.labFlags.value));
    expect(flags.map(({ kind, caseSensitive }) => ({ kind, caseSensitive }))).toEqual([
      { kind: 'exact', caseSensitive: false },
      { kind: 'exact', caseSensitive: true },
    ]);
    expect(await matchesFlag(flags, 'hc{caesar}')).toBe(true);
    expect(await matchesFlag(flags, 'hc{or_1=1}')).toBe(false);
  });

  it('keeps every member’s points and marks the first solvers', async () => {
    const kept = [
      { email: 'first@example.org', points: 300, solves: 2, firsts: 2 },
      { email: 'second@example.org', points: 100, solves: 1, firsts: 0 },
    ];
    expect(await standings()).toEqual(kept);
    await recountPoints(db, [ids.classroom]);
    expect(await standings()).toEqual(kept);
  });
});
