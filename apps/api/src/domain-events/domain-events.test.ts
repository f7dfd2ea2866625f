import { createLogger } from '@hackclass/logger';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { classrooms, members, users } from '../db/schema';
import { insertMember } from '../members/membership-rows';
import { createDispatcher } from './dispatcher';
import type { DomainEvent } from './domain-event';
import { inOneTelling, recordEvent, withDomainEvents } from './record-event';

let database: TestApiDatabase;
let classroomId = '';
let userId = '';

beforeAll(async () => {
  database = await testApiDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ identityUid: crypto.randomUUID(), email: 'ev@example.org', roleId: 1 })
    .returning();
  const [classroom] = await database.db
    .insert(classrooms)
    .values({ name: 'Events', teacherName: 'T', joinCode: 'EVENTS23' })
    .returning();
  userId = user?.id ?? '';
  classroomId = classroom?.id ?? '';
});
afterAll(() => database.close());

/** A handle whose committed events land in `committed`. */
function recording() {
  const committed: DomainEvent[] = [];
  const db = withDomainEvents(database.db, (events) => committed.push(...events));
  return { db, committed };
}

const membersChanged = (): DomainEvent => ({ type: 'members.changed', classroomId });
const isMember = async () =>
  (await database.db.select().from(members).where(eq(members.userId, userId))).length > 0;

describe('recording domain events', () => {
  it('holds a transaction’s events until it commits, then hands them on in order', async () => {
    const { db, committed } = recording();
    await db.transaction(async (tx) => {
      await insertMember(tx, classroomId, userId, 'Invited');
      recordEvent(tx, { type: 'mail.queued' });
      expect(committed).toEqual([]);
    });
    expect(committed).toEqual([membersChanged(), { type: 'mail.queued' }]);
    await database.db.delete(members).where(eq(members.userId, userId));
  });

  it('tells alike events of one transaction once', async () => {
    const { db, committed } = recording();
    await db.transaction(async (tx) => {
      for (let mail = 0; mail < 3; mail++) recordEvent(tx, { type: 'mail.queued' });
      recordEvent(tx, membersChanged());
      recordEvent(tx, { type: 'mail.queued' });
    });
    expect(committed).toEqual([{ type: 'mail.queued' }, membersChanged()]);
  });

  it('holds the events of an operation of many transactions until it ends, failed or not', async () => {
    const { db, committed } = recording();
    await expect(
      inOneTelling(db, async (batch) => {
        for (let change = 0; change < 3; change++) {
          await batch.transaction(async (tx) => recordEvent(tx, membersChanged()));
        }
        expect(committed).toEqual([]);
        throw new Error('the fourth failed');
      }),
    ).rejects.toThrow('the fourth failed');
    expect(committed).toEqual([membersChanged()]);
  });

  it('delivers nothing for a transaction that rolled back', async () => {
    const { db, committed } = recording();
    await expect(
      db.transaction(async (tx) => {
        await insertMember(tx, classroomId, userId, 'Invited');
        throw new Error('refused after the change');
      }),
    ).rejects.toThrow('refused after the change');
    expect(await isMember()).toBe(false);
    expect(committed).toEqual([]);
  });

  it('keeps a released savepoint’s events with its transaction and drops a rolled back one’s', async () => {
    const { db, committed } = recording();
    await db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => recordEvent(savepoint, { type: 'mail.queued' }));
      await tx
        .transaction(async (savepoint) => {
          recordEvent(savepoint, membersChanged());
          throw new Error('savepoint undone');
        })
        .catch(() => undefined);
      expect(committed).toEqual([]);
    });
    expect(committed).toEqual([{ type: 'mail.queued' }]);
  });

  it('hands on at once an event recorded outside a transaction, its statement committed', () => {
    const { db, committed } = recording();
    recordEvent(db, membersChanged());
    expect(committed).toEqual([membersChanged()]);
  });

  it('tells no one of events on a handle it did not make', async () => {
    const { committed } = recording();
    await database.db.transaction(async (tx) => recordEvent(tx, membersChanged()));
    expect(committed).toEqual([]);
  });
});

describe('the dispatcher', () => {
  it('gives every subscriber its turn when one throws or rejects, and logs each failure', async () => {
    const lines: string[] = [];
    const log = createLogger('error', { write: (line: string) => lines.push(line) });
    const dispatcher = createDispatcher(log);
    const told: string[] = [];
    dispatcher.subscribe({
      name: 'throws',
      on: {
        'members.changed': () => {
          throw new Error('push failed');
        },
      },
    });
    dispatcher.subscribe({
      name: 'rejects',
      on: { 'members.changed': async () => Promise.reject(new Error('late failure')) },
    });
    dispatcher.subscribe({
      name: 'works',
      on: {
        'members.changed': ({ classroomId: id }) => void told.push(id),
        'mail.queued': () => void told.push('mail'),
      },
    });

    dispatcher.dispatch([membersChanged(), { type: 'mail.queued' }]);

    expect(told).toEqual([classroomId, 'mail']);
    await expect.poll(() => lines.length).toBe(2);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.map((entry) => [entry.subscriber, entry.event, entry.err.message])).toEqual([
      ['throws', 'members.changed', 'push failed'],
      ['rejects', 'members.changed', 'late failure'],
    ]);
  });
});
