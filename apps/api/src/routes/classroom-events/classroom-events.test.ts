import { PROBLEM_CONTENT_TYPE } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ApiServer,
  type ClassroomWatch,
  isReachable,
  type Person,
  signedInAs,
  startApiServer,
  watchClassroom,
} from '../../../test/support';
import { classroom, createLab } from '../../../test/support/labs';
import { members } from '../../db/schema';
import { CLASSROOM_EVENTS_CHANNEL } from '../../events/redis-classroom-events';
import {
  eventFrame,
  HEARTBEAT_FRAME,
  HEARTBEAT_MS,
  MAX_STREAMS_PER_USER,
  RETRY_MS,
} from '../event-stream';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const noRedis = !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379));

let server: ApiServer;
let teacher: Person;
let student: Person;
let outsider: Person;
const watches: ClassroomWatch[] = [];

beforeAll(async () => {
  server = await startApiServer();
  [teacher, student, outsider] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student', 'outsider'),
  ]);
});
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close();
});
afterAll(() => server.close());

/** Watches as `who`, past the opening `retry:` frame. */
async function watch(who: Person, classroomId: string, on = server) {
  const opened = await watchClassroom(on.origin, who.idToken, classroomId);
  watches.push(opened);
  expect(opened.response.status).toBe(200);
  expect(await opened.nextFrame()).toBe(`retry: ${RETRY_MS}\n\n`);
  return opened;
}

describe('GET /classrooms/:id/events', () => {
  it('is an uncached event stream that proxies do not buffer', async () => {
    const room = await classroom(server, teacher.id);
    const { response } = await watch(teacher, room.id);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
  });

  it('tells the teacher when a student joins by code and when the teacher approves', async () => {
    const room = await classroom(server, teacher.id);
    const watcher = await watch(teacher, room.id);
    const joined = await student.session.call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(joined.status).toBe(201);
    expect(await watcher.nextFrame()).toBe('event: members\ndata: {"type":"members"}\n\n');
    const approved = await teacher.session.call(
      'PATCH',
      `/classrooms/${room.id}/members/${student.id}`,
      { status: 'Accepted' },
    );
    expect(approved.status).toBe(200);
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'members' }));
  });

  it('tells a member when the student leaves and when labs come and go', async () => {
    const lab = await createLab(teacher);
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const watcher = await watch(student, room.id);
    const added = await teacher.session.call('POST', `/classrooms/${room.id}/hacking-labs`, {
      hackingLabId: lab.id,
    });
    expect(added.status).toBe(201);
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'labs' }));
    const removed = await teacher.session.call(
      'DELETE',
      `/classrooms/${room.id}/hacking-labs/${lab.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'labs' }));
    const left = await student.session.call(
      'DELETE',
      `/classrooms/${room.id}/members/${student.id}`,
    );
    expect(left.status).toBe(204);
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'members' }));
  });

  it('sends only the watched classroom’s events', async () => {
    const [watched, other] = await Promise.all([
      classroom(server, teacher.id),
      classroom(server, teacher.id),
    ]);
    const watcher = await watch(teacher, watched.id);
    await student.session.call('POST', '/classrooms/join', { classroomCode: other.joinCode });
    await outsider.session.call('POST', '/classrooms/join', { classroomCode: watched.joinCode });
    // The first frame is the watched classroom's: the other's event never came.
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'members' }));
  });

  it('sends a comment line every 25 seconds', async () => {
    const room = await classroom(server, teacher.id);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const watcher = await watch(teacher, room.id);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(await watcher.nextFrame()).toBe(HEARTBEAT_FRAME);
      expect(HEARTBEAT_FRAME).toBe(': heartbeat\n\n');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 as a problem document to whom may not see the classroom', async () => {
    const room = await classroom(server, teacher.id);
    const refused = await watchClassroom(server.origin, outsider.idToken, room.id);
    expect(refused.response.status).toBe(404);
    expect(refused.response.headers.get('content-type')).toMatch(PROBLEM_CONTENT_TYPE);
    expect(await refused.response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses invitees and those waiting for approval, as the classroom page does', async () => {
    const [invitee, requester] = await Promise.all([
      signedInAs(server, 'student'),
      signedInAs(server, 'student'),
    ]);
    const room = await classroom(server, teacher.id, {
      members: [
        [invitee.id, 'Invited'],
        [requester.id, 'PendingApproval'],
      ],
    });
    for (const who of [invitee, requester]) {
      const refused = await watchClassroom(server.origin, who.idToken, room.id);
      expect(refused.response.status).toBe(403);
      expect(await refused.response.json()).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });

  it('ends a member’s stream at once when they are removed, and keeps the teacher’s', async () => {
    const member = await signedInAs(server, 'student');
    const room = await classroom(server, teacher.id, { members: [[member.id, 'Accepted']] });
    const [theirs, teachers] = [await watch(member, room.id), await watch(teacher, room.id)];
    const removed = await teacher.session.call(
      'DELETE',
      `/classrooms/${room.id}/members/${member.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await theirs.nextFrame()).toBe(eventFrame({ type: 'members' }));
    expect(await theirs.nextFrame()).toBeUndefined();
    expect(await teachers.nextFrame()).toBe(eventFrame({ type: 'members' }));
    await outsider.session.call('POST', '/classrooms/join', { classroomCode: room.joinCode });
    expect(await teachers.nextFrame()).toBe(eventFrame({ type: 'members' }));
  });

  it(`allows ${MAX_STREAMS_PER_USER} streams per user at once, 429 beyond`, async () => {
    const watcher = await signedInAs(server, 'teacher');
    const room = await classroom(server, watcher.id, { members: [[student.id, 'Accepted']] });
    const opened = [];
    for (let count = 0; count < MAX_STREAMS_PER_USER; count++) {
      opened.push(await watch(watcher, room.id));
    }
    const refused = await watchClassroom(server.origin, watcher.idToken, room.id);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('content-type')).toMatch(PROBLEM_CONTENT_TYPE);
    expect(await refused.response.json()).toMatchObject({ code: 'too_many_streams' });
    expect((await watch(student, room.id)).response.status).toBe(200);
    opened[0]?.close();
    await vi.waitFor(async () => {
      const again = await watchClassroom(server.origin, watcher.idToken, room.id);
      watches.push(again);
      expect(again.response.status).toBe(200);
    });
  });

  it.skipIf(noRedis)(
    'ends a removed member’s stream when another replica removed them',
    async () => {
      const replica = await startApiServer({ redisUrl: REDIS_URL });
      const redis = new Redis(REDIS_URL);
      try {
        const [owner, member] = await Promise.all([
          signedInAs(replica, 'teacher'),
          signedInAs(replica, 'student'),
        ]);
        const room = await classroom(replica, owner.id, { members: [[member.id, 'Accepted']] });
        const theirs = await watch(member, room.id, replica);
        // What another replica does: remove the row, then publish the roster change.
        await replica.db
          .delete(members)
          .where(and(eq(members.classroomId, room.id), eq(members.userId, member.id)));
        const message = {
          origin: 'another-replica',
          key: room.id,
          event: { type: 'members' },
        };
        await redis.publish(CLASSROOM_EVENTS_CHANNEL, JSON.stringify(message));
        expect(await theirs.nextFrame()).toBe(eventFrame({ type: 'members' }));
        expect(await theirs.nextFrame()).toBeUndefined();
      } finally {
        await redis.quit();
        await replica.close();
      }
    },
  );

  it('ends open streams when the server closes, without waiting for the clients', async () => {
    const closing = await startApiServer();
    const [owner, viewer] = await Promise.all([
      signedInAs(closing, 'teacher'),
      signedInAs(closing, 'student'),
    ]);
    const room = await classroom(closing, owner.id, { members: [[viewer.id, 'Accepted']] });
    const watchers = await Promise.all([
      watch(owner, room.id, closing),
      watch(viewer, room.id, closing),
    ]);
    await closing.close();
    for (const watcher of watchers) expect(await watcher.nextFrame()).toBeUndefined();
  });
});
