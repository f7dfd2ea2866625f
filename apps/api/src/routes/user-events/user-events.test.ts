import type { UserEvent } from '@hackclass/contracts';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  type EventWatch,
  isReachable,
  type Person,
  signedInAs,
  startApiServer,
  watchUserEvents,
} from '../../../test/support';
import { classroom } from '../../../test/support/labs';
import { RETRY_MS } from '../../events/event-stream';
import { USER_EVENTS_CHANNEL } from '../../events/redis-user-events';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const noRedis = !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379));

let server: ApiServer;
let teacher: Person;
let student: Person;
let other: Person;
const watches: EventWatch[] = [];

beforeAll(async () => {
  server = await startApiServer();
  [teacher, student, other] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student', 'other'),
  ]);
});
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close();
});
afterAll(() => server.close());

async function watch(who: Person, on = server) {
  const opened = await watchUserEvents(on.origin, who.idToken);
  watches.push(opened);
  expect(opened.response.status).toBe(200);
  expect(opened.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(await opened.nextFrame()).toBe(`retry: ${RETRY_MS}\n\n`);
  return opened;
}

const eventOf = (frame: string | undefined) => {
  const [name, data] = frame?.split('\n') ?? [];
  expect(name).toBe('event: notification');
  return JSON.parse(data?.replace(/^data: /, '') ?? 'null') as UserEvent;
};

describe('GET /users/me/events', () => {
  it('carries a member’s new announcement notification, and no one else’s', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const [theirs, others] = [await watch(student), await watch(other)];
    const posted = await teacher.session.call('POST', `/classrooms/${room.id}/announcements`, {
      body: 'Lab 3 is **open**',
    });
    expect(posted.status).toBe(201);
    const event = eventOf(await theirs.nextFrame());
    expect(event).toMatchObject({
      type: 'notification',
      notification: {
        type: 'Announcement',
        readAt: null,
        data: { classroomId: room.id, classroomName: room.name, excerpt: 'Lab 3 is open' },
      },
    });
    const inbox = await student.session.call('GET', `/users/${student.id}/notifications`);
    expect(inbox.json<{ items: { id: string }[] }>().items[0]?.id).toBe(event.notification.id);

    // The other user's first event is their own: the student's never reached them.
    const theirRoom = await classroom(server, teacher.id, { members: [[other.id, 'Accepted']] });
    await teacher.session.call('POST', `/classrooms/${theirRoom.id}/announcements`, {
      body: 'Only for you',
    });
    expect(eventOf(await others.nextFrame()).notification.data).toMatchObject({
      classroomId: theirRoom.id,
    });
  });

  it.skipIf(noRedis)('carries what another replica published for the user', async () => {
    const replica = await startApiServer({ redisUrl: REDIS_URL });
    const redis = new Redis(REDIS_URL);
    try {
      const member = await signedInAs(replica, 'student');
      const theirs = await watch(member, replica);
      const event: UserEvent = {
        type: 'notification',
        notification: {
          id: crypto.randomUUID(),
          type: 'Announcement',
          data: { classroomName: 'Web 101', excerpt: 'Hello' },
          readAt: null,
          createdAt: new Date().toISOString(),
        },
      };
      const message = { origin: 'another-replica', key: member.id, event };
      await redis.publish(USER_EVENTS_CHANNEL, JSON.stringify(message));
      expect(eventOf(await theirs.nextFrame())).toEqual(event);
    } finally {
      await redis.quit();
      await replica.close();
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await fetch(`${server.origin}/api/users/me/events`);
    expect(response.status).toBe(401);
  });
});
