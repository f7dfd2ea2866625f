import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedAcross, migratedAcross } from '../../test/support/migrations';
import { type ApiDatabase, schema } from '.';

let migrated: MigratedAcross;
let db: ApiDatabase;
const ids = {
  teacher: crypto.randomUUID(),
  named: crypto.randomUUID(),
  nameless: crypto.randomUUID(),
  classroom: crypto.randomUUID(),
};

/** Two members as the previous version left them: one with a padded name, one with none. */
async function fillAsBefore(db: ApiDatabase) {
  const { teacher, named, nameless, classroom } = ids;
  await db.execute(sql`insert into users (id, identity_uid, email, display_name, role_id) values
    (${teacher}, 'uid-teacher', 'teacher@example.org', 'Ada', 2),
    (${named}, 'uid-named', 'named@example.org', '  Zoë Quist ', 1),
    (${nameless}, 'uid-nameless', 'nameless@example.org', null, 1)`);
  await db.execute(sql`insert into classrooms (id, name, teacher_name, join_code, creator_id)
    values (${classroom}, 'Web 101', 'Ada', 'ABCD2345', ${teacher})`);
  await db.execute(sql`insert into members (classroom_id, user_id, status) values
    (${classroom}, ${named}, 'Accepted'), (${classroom}, ${nameless}, 'Accepted')`);
}

const sortNames = () =>
  db
    .select({ userId: schema.members.userId, sortName: schema.members.sortName })
    .from(schema.members)
    .orderBy(asc(schema.members.sortName));

describe('the members’ sort names’ migration', () => {
  beforeAll(async () => {
    migrated = await migratedAcross('0015', fillAsBefore);
    db = migrated.db;
    expect(migrated.applied[0]).toBe('0015_member_sort_names');
  });

  afterAll(() => migrated.close());

  it('gives the members already there the names others see them by, lower-cased', async () => {
    const fallback = `user ${ids.nameless.slice(0, 4)}`;
    expect(await sortNames()).toEqual([
      { userId: ids.nameless, sortName: fallback },
      { userId: ids.named, sortName: 'zoë quist' },
    ]);
  });

  it('keeps them as names change and members join', async () => {
    await db.update(schema.users).set({ displayName: 'Ann' }).where(eq(schema.users.id, ids.named));
    await db
      .insert(schema.members)
      .values({ classroomId: ids.classroom, userId: ids.teacher, status: 'Accepted' });
    expect((await sortNames()).map((row) => row.sortName)).toEqual([
      'ada',
      'ann',
      `user ${ids.nameless.slice(0, 4)}`,
    ]);
  });
});
