import { NOTIFICATION_TYPES, type NotificationType, type UserEvent } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
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
import { classroom, createLab } from '../../../test/support/labs';
import { users } from '../../db/schema';
import { USER_EVENTS_CHANNEL } from '../../events/redis-user-events';
import { RETRY_MS } from '../event-stream';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const noRedis = !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379));

let server: ApiServer;
let teacher: Person;
let student: Person;
let other: Person;
let admin: Person;
const watches: EventWatch[] = [];
/** Subscribers before the product's own that fail on every change of a roster. */
const failures: string[] = [];

beforeAll(async () => {
  server = await startApiServer({
    teacherApproval: true,
    scheduleClockIntervalMs: 200,
    subscribers: [
      {
        name: 'throws',
        on: {
          'members.changed': () => {
            failures.push('throws');
            throw new Error('a subscriber that throws');
          },
        },
      },
      {
        name: 'rejects',
        on: {
          'members.changed': async () => {
            failures.push('rejects');
            throw new Error('a subscriber that rejects');
          },
        },
      },
    ],
  });
  [teacher, student, other, admin] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student', 'other'),
    signedInAs(server, 'admin'),
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

  it('brings every kind of notification live, on a change whose other subscribers fail', async () => {
    const told = new Set<NotificationType>();
    const live = async (bell: EventWatch, type: NotificationType) => {
      const { notification } = eventOf(await bell.nextFrame());
      expect(notification.type).toBe(type);
      told.add(type);
    };
    const expectStatus = async (sent: Promise<{ status: number }>, status: number) =>
      expect((await sent).status).toBe(status);
    const room = await classroom(server, teacher.id);
    const cohort = await signedInAs(server, 'teacher', 'cohort');
    const [teacherBell, studentBell, otherBell, cohortBell] = await Promise.all([
      watch(teacher),
      watch(student),
      watch(other),
      watch(cohort),
    ]);
    const members = `/classrooms/${room.id}/members`;

    await expectStatus(
      teacher.session.call('POST', `${members}?userEmail=${encodeURIComponent(student.email)}`),
      201,
    );
    await live(studentBell, 'InvitationReceived');
    await expectStatus(
      student.session.call('PATCH', `${members}/${student.id}`, { status: 'Accepted' }),
      200,
    );
    await live(teacherBell, 'InvitationAccepted');
    await expectStatus(
      other.session.call('POST', '/classrooms/join', { classroomCode: room.joinCode }),
      201,
    );
    await live(teacherBell, 'JoinRequested');
    await expectStatus(
      teacher.session.call('PATCH', `${members}/${other.id}`, { status: 'Accepted' }),
      200,
    );
    await live(otherBell, 'JoinApproved');
    // Each roster change above reached both failing subscribers, and the request answered.
    expect(failures).toEqual(Array.from({ length: 4 }, () => ['throws', 'rejects']).flat());

    const labs = `/classrooms/${room.id}/hacking-labs`;
    const now = await createLab(teacher);
    await expectStatus(teacher.session.call('POST', labs, { hackingLabId: now.id }), 201);
    await live(studentBell, 'LabAdded');
    await live(otherBell, 'LabAdded');
    const soon = await createLab(teacher);
    const opensAt = new Date(Date.now() + 1_000).toISOString();
    await expectStatus(teacher.session.call('POST', labs, { hackingLabId: soon.id, opensAt }), 201);
    await live(studentBell, 'LabOpened');

    await expectStatus(
      teacher.session.call('POST', `/classrooms/${room.id}/announcements`, { body: 'Hello' }),
      201,
    );
    await live(studentBell, 'Announcement');
    await expectStatus(
      teacher.session.call('POST', `/classrooms/${room.id}/co-teachers`, { email: cohort.email }),
      201,
    );
    await live(cohortBell, 'CoTeacherAdded');

    // A teacher who signed up where teachers wait for an admin's approval.
    const newcomer = await signedInAs(server, 'student', 'newcomer');
    await server.db
      .update(users)
      .set({ teacherRequestedAt: new Date() })
      .where(eq(users.id, newcomer.id));
    const newcomerBell = await watch(newcomer);
    const newcomerId = newcomer.id;
    await expectStatus(admin.session.call('POST', `/users/${newcomerId}/approve-teacher`), 200);
    await live(newcomerBell, 'TeacherApproved');

    expect([...told].sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('needs a signed-in caller', async () => {
    const response = await fetch(`${server.origin}/api/users/me/events`);
    expect(response.status).toBe(401);
  });
});
