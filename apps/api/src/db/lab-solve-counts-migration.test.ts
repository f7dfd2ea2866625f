import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedAcross, migratedAcross } from '../../test/support/migrations';
import { type ApiDatabase, schema } from '.';

let migrated: MigratedAcross;
let db: ApiDatabase;
const ids = {
  teacher: crypto.randomUUID(),
  stays: crypto.randomUUID(),
  left: crypto.randomUUID(),
  classroom: crypto.randomUUID(),
  web: crypto.randomUUID(),
  crypto: crypto.randomUUID(),
};

/** A classroom as the previous version left it: two labs, one solved by a member and by one who left. */
async function fillAsBefore(db: ApiDatabase) {
  const { teacher, stays, left, classroom, web, crypto: cryptoLab } = ids;
  await db.execute(sql`insert into users (id, identity_uid, email, role_id) values
    (${teacher}, 'uid-teacher', 'teacher@example.org', 2),
    (${stays}, 'uid-stays', 'stays@example.org', 1),
    (${left}, 'uid-left', 'left@example.org', 1)`);
  await db.execute(sql`insert into classrooms (id, name, teacher_name, join_code, creator_id)
    values (${classroom}, 'Web 101', 'Ada', 'ABCD2345', ${teacher})`);
  await db.execute(sql`insert into labs (id, slug, name, difficulty, category, points, creator_id)
    values (${web}, 'sqli', 'SQLi', 'Easy', 'Web', 100, ${teacher}),
      (${cryptoLab}, 'caesar', 'Caesar', 'Easy', 'Crypto', 200, ${teacher})`);
  await db.execute(sql`insert into classroom_labs (classroom_id, lab_id) values
    (${classroom}, ${web}), (${classroom}, ${cryptoLab})`);
  await db.execute(sql`insert into members (classroom_id, user_id, status) values
    (${classroom}, ${stays}, 'Accepted')`);
  await db.execute(sql`insert into solves (classroom_id, user_id, lab_id, solved_at) values
    (${classroom}, ${left}, ${web}, '2026-10-01T10:00:00Z'),
    (${classroom}, ${stays}, ${web}, '2026-10-02T10:00:00Z')`);
}

describe('the labs’ solve counts’ migration', () => {
  beforeAll(async () => {
    migrated = await migratedAcross('0014', fillAsBefore);
    db = migrated.db;
    expect(migrated.applied[0]).toBe('0014_lab_solve_counts');
  });

  afterAll(() => migrated.close());

  it('counts the solves already there, all of them and those of accepted members', async () => {
    const counted = await db
      .select({
        slug: schema.labs.slug,
        solves: schema.classroomLabs.solveCount,
        memberSolves: schema.classroomLabs.memberSolveCount,
      })
      .from(schema.classroomLabs)
      .innerJoin(schema.labs, eq(schema.labs.id, schema.classroomLabs.labId))
      .orderBy(asc(schema.labs.slug));
    expect(counted).toEqual([
      { slug: 'caesar', solves: 0, memberSolves: 0 },
      { slug: 'sqli', solves: 2, memberSolves: 1 },
    ]);
  });
});
