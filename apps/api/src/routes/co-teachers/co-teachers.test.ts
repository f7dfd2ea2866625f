import type {
  Classroom,
  ClassroomSummary,
  CoTeacher,
  Lab,
  NotificationList,
  UserActivity,
} from '@hackclass/contracts';
import { ROLE } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  createAccount,
  type Person,
  signedInAs,
  startApiServer,
  uniqueEmail,
} from '../../../test/support';
import { createLab, classroom as insertClassroom } from '../../../test/support/labs';
import { users } from '../../db/schema';

let server: ApiServer;
let creator: Person;
let coTeacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;

beforeAll(async () => {
  server = await startApiServer();
  [creator, coTeacher, otherTeacher, admin, student] = await Promise.all([
    signedInAs(server, 'teacher', 'creator', 'Ada Lovelace'),
    signedInAs(server, 'teacher', 'co-teacher', 'Grace Hopper'),
    signedInAs(server, 'teacher', 'other-teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

const path = (classroomId: string) => `/classrooms/${classroomId}/co-teachers`;
const add = (by: Person, classroomId: string, email: string) =>
  by.session.call('POST', path(classroomId), { email });
const remove = (by: Person, classroomId: string, userId: string) =>
  by.session.call('DELETE', `${path(classroomId)}/${userId}`);
const list = (by: Person, classroomId: string) => by.session.call('GET', path(classroomId));

/** A classroom of `creator` that `coTeacher` co-teaches, with `student` accepted. */
async function coTaught() {
  const room = await insertClassroom(server, creator.id, { members: [[student.id, 'Accepted']] });
  expect((await add(creator, room.id, coTeacher.email)).status).toBe(201);
  return room;
}

describe('adding a co-teacher', () => {
  it('adds a verified teacher by email, who is told and then runs the classroom', async () => {
    const room = await insertClassroom(server, creator.id);
    const added = await add(creator, room.id, coTeacher.email.toUpperCase());
    expect(added.status).toBe(201);
    const expected = {
      userId: coTeacher.id,
      name: 'Grace Hopper',
      email: coTeacher.email,
      addedAt: expect.any(String),
      can: { remove: true },
    };
    expect(added.json()).toEqual(expected);
    expect((await list(creator, room.id)).json()).toEqual([expected]);

    const { items } = (
      await coTeacher.session.call('GET', `/users/${coTeacher.id}/notifications`)
    ).json<NotificationList>();
    expect(items.find((item) => item.data.classroomId === room.id)).toMatchObject({
      type: 'CoTeacherAdded',
      data: { classroomId: room.id, classroomName: room.name, userName: 'Ada Lovelace' },
    });

    const listed = (await coTeacher.session.call('GET', '/classrooms')).json<ClassroomSummary[]>();
    expect(listed.find(({ id }) => id === room.id)).toMatchObject({
      isCreator: false,
      isCoTeacher: true,
      can: { manage: true, delete: false, manageCoTeachers: false, submitFlags: false },
    });
    const detail = (
      await coTeacher.session.call('GET', `/classrooms/${room.id}`)
    ).json<Classroom>();
    expect(detail.joinCode).toBe(room.joinCode);
  });

  it('answers alike for a student, a stranger and an unverified teacher', async () => {
    const room = await insertClassroom(server, creator.id);
    const unverified = await createAccount(server, { emailVerified: false });
    await server.db
      .update(users)
      .set({ roleId: ROLE.teacher })
      .where(eq(users.email, unverified.email));
    for (const email of [student.email, uniqueEmail('stranger'), unverified.email]) {
      const refused = await add(creator, room.id, email);
      expect(refused.status).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'not_a_teacher',
        detail: expect.stringContaining(`Only teachers can co-teach: ${email.toLowerCase()}`),
      });
    }
    expect((await list(creator, room.id)).json()).toEqual([]);
  });

  it('refuses the creator, a co-teacher twice, and someone on the roster', async () => {
    const room = await coTaught();
    const member = await signedInAs(server, 'teacher', 'member-teacher');
    const invited = await creator.session.call(
      'POST',
      `/classrooms/${room.id}/members?userEmail=${encodeURIComponent(member.email)}`,
    );
    expect(invited.status).toBe(201);
    expect((await add(creator, room.id, creator.email)).json()).toMatchObject({
      status: 409,
      code: 'already_co_teacher',
    });
    expect((await add(creator, room.id, coTeacher.email)).json()).toMatchObject({
      status: 409,
      code: 'already_co_teacher',
    });
    expect((await add(creator, room.id, member.email)).json()).toMatchObject({
      status: 409,
      code: 'already_member',
    });
  });

  it('is for the creator and admins only; the list for those who run the classroom', async () => {
    const room = await coTaught();
    const another = await signedInAs(server, 'teacher');
    expect((await add(coTeacher, room.id, another.email)).status).toBe(403);
    expect((await add(student, room.id, another.email)).status).toBe(403);
    expect((await add(otherTeacher, room.id, another.email)).status).toBe(404);
    expect((await add(admin, room.id, another.email)).status).toBe(201);
    expect((await list(coTeacher, room.id)).status).toBe(200);
    expect((await list(student, room.id)).status).toBe(403);
    expect((await list(otherTeacher, room.id)).status).toBe(404);
  });

  it('names the field of a malformed email', async () => {
    const room = await insertClassroom(server, creator.id);
    const refused = await add(creator, room.id, 'not an email');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('email');
  });
});

describe('what a co-teacher does', () => {
  it('manages members, labs, submissions, analytics and targets', async () => {
    const room = await coTaught();
    const requester = await signedInAs(server, 'student');
    const joined = await requester.session.call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(joined.status).toBe(201);
    const { items } = (
      await coTeacher.session.call('GET', `/users/${coTeacher.id}/notifications`)
    ).json<NotificationList>();
    expect(
      items.some((item) => item.type === 'JoinRequested' && item.data.classroomId === room.id),
    ).toBe(true);
    const activity = (
      await coTeacher.session.call('GET', '/users/me/activity')
    ).json<UserActivity>();
    expect(activity.teaching?.pendingRequests).toContainEqual(
      expect.objectContaining({ classroomId: room.id, count: 1 }),
    );
    const approved = await coTeacher.session.call(
      'PATCH',
      `/classrooms/${room.id}/members/${requester.id}`,
      { status: 'Accepted' },
    );
    expect(approved.status).toBe(200);

    const lab = await createLab(coTeacher);
    const added = await coTeacher.session.call('POST', `/classrooms/${room.id}/hacking-labs`, {
      hackingLabId: lab.id,
    });
    expect(added.status).toBe(201);
    const seenLab = (await coTeacher.session.call('GET', `/hacking-labs/${lab.slug}`)).json<Lab>();
    expect(seenLab.classrooms).toEqual([{ id: room.id, name: room.name }]);
    const creatorsLab = await createLab(creator);
    await creator.session.call('POST', `/classrooms/${room.id}/hacking-labs`, {
      hackingLabId: creatorsLab.id,
    });
    expect((await coTeacher.session.call('GET', `/hacking-labs/${creatorsLab.slug}`)).status).toBe(
      200,
    );

    for (const url of ['submissions', 'analytics', 'targets', 'target-settings']) {
      const seen = await coTeacher.session.call('GET', `/classrooms/${room.id}/${url}`);
      expect(seen.status, url).toBe(200);
    }
    const removed = await coTeacher.session.call(
      'DELETE',
      `/classrooms/${room.id}/members/${student.id}`,
    );
    expect(removed.status).toBe(204);
  });

  it('neither deletes the classroom nor touches its creator, nor joins it', async () => {
    const room = await coTaught();
    const deleted = await coTeacher.session.call('DELETE', `/classrooms/${room.id}`);
    expect(deleted.status).toBe(403);
    expect((await remove(coTeacher, room.id, creator.id)).status).toBe(403);
    // The creator is no member row: nothing on the roster removes or demotes them.
    const unseated = await coTeacher.session.call(
      'DELETE',
      `/classrooms/${room.id}/members/${creator.id}`,
    );
    expect(unseated.status).toBe(404);
    const demoted = await coTeacher.session.call(
      'PATCH',
      `/classrooms/${room.id}/members/${creator.id}`,
      { status: 'Invited' },
    );
    expect(demoted.status).toBe(404);
    const joined = await coTeacher.session.call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(joined.json()).toMatchObject({ status: 409, code: 'already_member' });
    const invited = await creator.session.call(
      'POST',
      `/classrooms/${room.id}/members?userEmail=${encodeURIComponent(coTeacher.email)}`,
    );
    expect(invited.json()).toMatchObject({ status: 409, code: 'already_member' });
    expect((await creator.session.call('GET', `/classrooms/${room.id}`)).status).toBe(200);
  });

  it('runs the classroom no more once no longer a teacher', async () => {
    const room = await insertClassroom(server, creator.id);
    const former = await signedInAs(server, 'teacher', 'former');
    expect((await add(creator, room.id, former.email)).status).toBe(201);
    await admin.session.call('PATCH', `/users/${former.id}/role`, { roleId: ROLE.student });
    expect((await former.session.call('GET', `/classrooms/${room.id}`)).status).toBe(404);
  });
});

describe('removing a co-teacher', () => {
  it('lets the creator remove one, and a co-teacher step down, but not remove another', async () => {
    const room = await coTaught();
    const second = await signedInAs(server, 'teacher');
    expect((await add(creator, room.id, second.email)).status).toBe(201);
    expect((await remove(coTeacher, room.id, second.id)).status).toBe(403);
    expect((await remove(student, room.id, second.id)).status).toBe(403);
    expect((await remove(otherTeacher, room.id, second.id)).status).toBe(404);

    expect((await remove(coTeacher, room.id, coTeacher.id)).status).toBe(204);
    expect((await coTeacher.session.call('GET', `/classrooms/${room.id}`)).status).toBe(404);
    expect((await remove(creator, room.id, second.id)).status).toBe(204);
    expect((await list(creator, room.id)).json<CoTeacher[]>()).toEqual([]);
    expect((await remove(creator, room.id, second.id)).json()).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
