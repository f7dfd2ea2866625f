import { type Connection, drizzleOver, migrate, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiDatabase, apiMigrations, schema } from '.';

let database: TestDatabase;
let connection: Connection;
let db: ApiDatabase;

async function open() {
  connection = await openConnection(database);
  await migrate(connection, apiMigrations);
  db = drizzleOver(connection, schema);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await open();
});

afterAll(async () => {
  await connection.close();
  await database.drop();
});

async function createTeacher(email = `teacher-${crypto.randomUUID()}@example.org`) {
  const [user] = await db
    .insert(schema.users)
    .values({ identityUid: crypto.randomUUID(), email, roleId: 2 })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

describe('product schema', () => {
  it('keeps data across a close and reopen', async () => {
    const teacher = await createTeacher();
    await db.insert(schema.classrooms).values({
      name: 'Web security 101',
      teacherName: 'Ada',
      joinCode: 'ABCD2345',
      creatorId: teacher.id,
    });

    await connection.close();
    await open();

    const rows = await db
      .select({ name: schema.classrooms.name, creator: schema.users.email })
      .from(schema.classrooms)
      .innerJoin(schema.users, eq(schema.users.id, schema.classrooms.creatorId))
      .where(eq(schema.classrooms.joinCode, 'ABCD2345'));
    expect(rows).toEqual([{ name: 'Web security 101', creator: teacher.email }]);
  });

  it('applies migrations only once', async () => {
    await expect(migrate(connection, apiMigrations)).resolves.toEqual([]);
  });

  it('refuses a second user with the same email in another case', async () => {
    await createTeacher('Case@Example.org');
    await expect(createTeacher('case@example.ORG')).rejects.toThrow();
  });

  it.each([
    [
      'a role that does not exist',
      () => db.insert(schema.users).values({ identityUid: 'x', email: 'r@example.org', roleId: 9 }),
    ],
    [
      'a join code with look-alike characters',
      async () => {
        const teacher = await createTeacher();
        return db
          .insert(schema.classrooms)
          .values({ name: 'n', teacherName: 't', joinCode: 'ABCD01OI', creatorId: teacher.id });
      },
    ],
    [
      'lab points out of range',
      () =>
        db.insert(schema.labs).values({
          slug: 'too-many',
          name: 'n',
          difficulty: 'Easy',
          category: 'Web',
          points: 10_001,
        }),
    ],
    [
      'a slug that is not URL-safe',
      () =>
        db
          .insert(schema.labs)
          .values({ slug: '../etc', name: 'n', difficulty: 'Easy', category: 'Web', points: 10 }),
    ],
  ])('refuses %s', async (_what, insert) => {
    await expect(insert()).rejects.toThrow();
  });

  it('removes members, lab links and notifications with their classroom or user', async () => {
    const teacher = await createTeacher();
    const student = await createTeacher();
    const [classroom] = await db
      .insert(schema.classrooms)
      .values({ name: 'c', teacherName: 't', joinCode: 'WXYZ6789', creatorId: teacher.id })
      .returning();
    const [lab] = await db
      .insert(schema.labs)
      .values({
        slug: 'sql-injection',
        name: 'SQL injection',
        difficulty: 'Easy',
        category: 'Web',
        points: 100,
        creatorId: teacher.id,
      })
      .returning();
    if (!classroom || !lab) throw new Error('setup failed');
    await db
      .insert(schema.members)
      .values({ classroomId: classroom.id, userId: student.id, status: 'Accepted' });
    await db.insert(schema.classroomLabs).values({ classroomId: classroom.id, labId: lab.id });
    await db
      .insert(schema.notifications)
      .values({ userId: student.id, type: 'LabAdded', data: { labId: lab.id } });

    await db.delete(schema.classrooms).where(eq(schema.classrooms.id, classroom.id));
    expect(
      await db.select().from(schema.members).where(eq(schema.members.classroomId, classroom.id)),
    ).toEqual([]);
    expect(
      await db.select().from(schema.classroomLabs).where(eq(schema.classroomLabs.labId, lab.id)),
    ).toEqual([]);

    await db.delete(schema.users).where(eq(schema.users.id, student.id));
    expect(
      await db
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.userId, student.id)),
    ).toEqual([]);
  });
});
