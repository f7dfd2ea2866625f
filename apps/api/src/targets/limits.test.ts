import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { type ApiDatabase, schema } from '../db';
import { ensureUnderLimits } from './limits';

let database: TestApiDatabase;
let db: ApiDatabase;

beforeAll(async () => {
  database = await testApiDatabase();
  ({ db } = database);
});
afterAll(() => database.close());

const OPEN = { maxRunning: 1_000, maxPerUser: 100, maxPerClassroom: 1_000, maxPerTeacher: 1_000 };

async function user(roleId: number) {
  const [row] = await db
    .insert(schema.users)
    .values({ identityUid: crypto.randomUUID(), email: `${crypto.randomUUID()}@x.org`, roleId })
    .returning();
  if (!row) throw new Error('no user');
  return row.id;
}

/** A join code of the allowed alphabet, different for each classroom. */
const joinCode = () =>
  Array.from(
    { length: 8 },
    () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)],
  ).join('');

async function classroom() {
  const [row] = await db
    .insert(schema.classrooms)
    .values({ name: 'Limits', teacherName: 'T', joinCode: joinCode() })
    .returning();
  if (!row) throw new Error('no classroom');
  return row.id;
}

async function lab(creatorId: string) {
  const slug = `limits-${crypto.randomUUID()}`;
  const [row] = await db
    .insert(schema.labs)
    .values({ slug, name: slug, difficulty: 'Easy', category: 'Web', points: 10, creatorId })
    .returning();
  if (!row) throw new Error('no lab');
  return row.id;
}

/** `count` running targets, each of its own student, of `labId` in `classroomId`. */
async function running(count: number, classroomId: string, labId: string) {
  for (let index = 0; index < count; index++) {
    await db.insert(schema.targets).values({
      userId: await user(1),
      classroomId,
      labId,
      kind: 'http',
      state: 'running',
    });
  }
}

describe('the limits on running targets', () => {
  it('hold a classroom to the operator’s maximum when its teacher set none, or a higher one', async () => {
    const room = await classroom();
    const labId = await lab(await user(2));
    await running(2, room, labId);
    const start = { classroomId: room, userId: await user(1), labCreatorId: null };
    const config = { ...OPEN, maxPerClassroom: 2 };
    for (const classroomMax of [null, 5]) {
      await expect(ensureUnderLimits(db, { ...start, classroomMax }, config)).rejects.toMatchObject(
        {
          code: 'target_limit_reached',
          detail: 'This classroom may run 2 targets at once: try again when one has stopped',
        },
      );
    }
    await expect(ensureUnderLimits(db, { ...start, classroomMax: null }, OPEN)).resolves.toBe(
      undefined,
    );
  });

  it('hold the labs of one teacher to LABS_MAX_PER_TEACHER over all their classrooms', async () => {
    const teacher = await user(2);
    const [first, second] = [await lab(teacher), await lab(teacher)];
    await running(2, await classroom(), first);
    await running(1, await classroom(), second);
    const config = { ...OPEN, maxPerTeacher: 3 };
    const start = { classroomId: await classroom(), userId: await user(1), classroomMax: null };
    await expect(
      ensureUnderLimits(db, { ...start, labCreatorId: teacher }, config),
    ).rejects.toMatchObject({
      detail:
        "The labs of this lab's teacher may run 3 targets at once: try again when one has stopped",
    });
    const other = await user(2);
    await expect(ensureUnderLimits(db, { ...start, labCreatorId: other }, config)).resolves.toBe(
      undefined,
    );
  });

  it('count an attack box as a target of its student and classroom, and of no teacher', async () => {
    const room = await classroom();
    const student = await user(1);
    await db
      .insert(schema.targets)
      .values({ userId: student, classroomId: room, labId: null, kind: 'box', state: 'running' });
    const start = { classroomId: room, userId: student, classroomMax: null, labCreatorId: null };
    await expect(ensureUnderLimits(db, start, { ...OPEN, maxPerUser: 1 })).rejects.toMatchObject({
      code: 'target_limit_reached',
    });
    await expect(
      ensureUnderLimits(db, { ...start, userId: await user(1) }, { ...OPEN, maxPerClassroom: 1 }),
    ).rejects.toMatchObject({ code: 'target_limit_reached' });
    const teacher = await user(2);
    await expect(
      ensureUnderLimits(db, { ...start, labCreatorId: teacher }, { ...OPEN, maxPerTeacher: 1 }),
    ).resolves.toBe(undefined);
  });
});
