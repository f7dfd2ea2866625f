import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { type ApiDatabase, schema } from '../db';
import { freeHostPort, PORT_REST_MS } from './host-port';

let database: TestApiDatabase;
let db: ApiDatabase;
const ids = { user: '', classroom: '', lab: '' };

beforeAll(async () => {
  database = await testApiDatabase();
  ({ db } = database);
  const [user] = await db
    .insert(schema.users)
    .values({ identityUid: crypto.randomUUID(), email: 'student@example.org', roleId: 1 })
    .returning();
  const [classroom] = await db
    .insert(schema.classrooms)
    .values({ name: 'Ports', teacherName: 'T', joinCode: 'PQRSTUVW' })
    .returning();
  const [lab] = await db
    .insert(schema.labs)
    .values({ slug: 'ports', name: 'Ports', difficulty: 'Easy', category: 'Web', points: 10 })
    .returning();
  if (!user || !classroom || !lab) throw new Error('fixture not made');
  Object.assign(ids, { user: user.id, classroom: classroom.id, lab: lab.id });
});

afterAll(() => database.close());

const target = (hostPort: number, state: 'running' | 'stopped', endedAt: Date | null) =>
  db.insert(schema.targets).values({
    userId: ids.user,
    classroomId: ids.classroom,
    labId: ids.lab,
    kind: 'http',
    state,
    hostPort,
    endedAt,
  });

describe('host ports for targets', () => {
  it('never hands out a port an active target holds', async () => {
    await target(45_000, 'running', null);
    await expect(freeHostPort(db, { first: 45_000, last: 45_000 })).rejects.toMatchObject({
      code: 'port_range_exhausted',
    });
    expect(await freeHostPort(db, { first: 45_000, last: 45_001 })).toBe(45_001);
  });

  it('lets a port rest after its target ended, so no cached pass reaches a new target on it', async () => {
    await target(45_010, 'stopped', new Date(Date.now() - 1_000));
    await expect(freeHostPort(db, { first: 45_010, last: 45_010 })).rejects.toMatchObject({
      code: 'port_range_exhausted',
    });
    await target(45_020, 'stopped', new Date(Date.now() - PORT_REST_MS - 1_000));
    expect(await freeHostPort(db, { first: 45_020, last: 45_020 })).toBe(45_020);
  });
});
