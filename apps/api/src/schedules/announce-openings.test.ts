import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { classroomLabs, classrooms, labs, members, notifications, users } from '../db/schema';
import type { DomainEvent } from '../domain-events/domain-event';
import { withDomainEvents } from '../domain-events/record-event';
import { announceOpenedLabs } from './announce-openings';
import { saveSchedule } from './save-schedule';

let database: TestApiDatabase;
let classroomId = '';
let studentId = '';
let waitingId = '';

async function user(email: string, roleId: number) {
  const [row] = await database.db
    .insert(users)
    .values({ identityUid: crypto.randomUUID(), email, roleId })
    .returning();
  if (!row) throw new Error('no user');
  return row.id;
}

async function lab(name: string, opensAt: Date | null, announcedAt: Date | null) {
  const [row] = await database.db
    .insert(labs)
    .values({ slug: name.toLowerCase(), name, difficulty: 'Easy', category: 'Web', points: 100 })
    .returning();
  if (!row) throw new Error('no lab');
  await database.db
    .insert(classroomLabs)
    .values({ classroomId, labId: row.id, opensAt, announcedAt });
  return row.id;
}

const labsOpenedFor = async (userId: string) =>
  (
    await database.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'LabOpened')))
      .orderBy(notifications.createdAt)
  ).map(({ data }) => data.labName);

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  database = await testApiDatabase();
  const teacherId = await user('teacher@example.org', 2);
  studentId = await user('student@example.org', 1);
  waitingId = await user('waiting@example.org', 1);
  const [room] = await database.db
    .insert(classrooms)
    .values({ name: 'Web 101', teacherName: 'Ada', joinCode: 'ABCD2345', creatorId: teacherId })
    .returning();
  classroomId = room?.id ?? '';
  await database.db.insert(members).values([
    { classroomId, userId: studentId, status: 'Accepted' },
    { classroomId, userId: waitingId, status: 'PendingApproval' },
  ]);
});

afterAll(() => database.close());

describe('announcing labs that open on a schedule', () => {
  it('tells the accepted members of each lab that opened, once', async () => {
    await lab('Opened', minutesFromNow(-1), null);
    await lab('Later', minutesFromNow(60), null);
    await lab('Told', minutesFromNow(-60), minutesFromNow(-60));

    const committed: DomainEvent[] = [];
    const db = withDomainEvents(database.db, (events) => committed.push(...events));
    expect(await announceOpenedLabs(db)).toBe(1);
    expect(committed).toEqual([
      {
        type: 'notification.created',
        notification: expect.objectContaining({ userId: studentId }),
      },
      { type: 'labs.changed', classroomId },
    ]);
    expect(await labsOpenedFor(studentId)).toEqual(['Opened']);
    expect(await labsOpenedFor(waitingId)).toEqual([]);

    expect(await announceOpenedLabs(db)).toBe(0);
    expect(committed).toHaveLength(2);
    expect(await labsOpenedFor(studentId)).toEqual(['Opened']);
  });

  it('tells them of a lab whose opening moved to now', async () => {
    const moved = await lab('Moved', minutesFromNow(60), null);
    expect(await announceOpenedLabs(database.db)).toBe(0);
    await database.db
      .update(classroomLabs)
      .set({ opensAt: null })
      .where(eq(classroomLabs.labId, moved));
    await announceOpenedLabs(database.db);
    expect(await labsOpenedFor(studentId)).toEqual(['Opened', 'Moved']);
    const [marked] = await database.db
      .select({ announced: sql<boolean>`${classroomLabs.announcedAt} is not null` })
      .from(classroomLabs)
      .where(eq(classroomLabs.labId, moved));
    expect(marked?.announced).toBe(true);
  });

  it('announces again a lab whose opening moved later after it was announced', async () => {
    const postponed = await lab('Postponed', null, minutesFromNow(-5));
    await database.db.transaction((tx) =>
      saveSchedule(tx, classroomId, postponed, { opensAt: minutesFromNow(60).toISOString() }),
    );
    expect(await announceOpenedLabs(database.db)).toBe(0);
    await database.db.transaction((tx) =>
      saveSchedule(tx, classroomId, postponed, { opensAt: minutesFromNow(-1).toISOString() }),
    );
    await announceOpenedLabs(database.db);
    expect(await labsOpenedFor(studentId)).toEqual(['Opened', 'Moved', 'Postponed']);
  });
});
