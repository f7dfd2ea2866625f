import type { ManagedUser, User, UserList } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  type Person,
  signedInAs,
  signIn,
  startApiServer,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/support';
import { notifications } from '../../db/schema';

let server: ApiServer;
let admin: Person;

beforeAll(async () => {
  server = await startApiServer({ teacherApproval: true });
  admin = await signedInAs(server, 'admin');
});
afterAll(() => server.close());

/** Signs up through the API as a teacher or a student, and signs in. */
async function signUp(roleId: 1 | 2, displayName: string) {
  const email = uniqueEmail('signup');
  const registered = await apiSession(server).call('POST', '/auth/register', {
    email,
    password: TEST_PASSWORD,
    displayName,
    roleId,
  });
  expect(registered.status).toBe(201);
  const session = apiSession(server, await signIn(server, email));
  return { email, registered: registered.json<User>(), session };
}

const awaiting = async () =>
  (await admin.session.call('GET', '/users?awaitingApproval=true')).json<UserList>();

describe('TEACHER_APPROVAL', () => {
  it('makes a teacher who signs up a student awaiting approval until an admin approves', async () => {
    const teacher = await signUp(2, 'Tess Teacher');
    const student = await signUp(1, 'Sam Student');
    expect(teacher.registered).toMatchObject({ roleId: 1, awaitingTeacherApproval: true });
    expect(student.registered).toMatchObject({ roleId: 1, awaitingTeacherApproval: false });
    const me = (await teacher.session.call('GET', '/users/me')).json<User>();
    expect(me).toMatchObject({ roleId: 1, awaitingTeacherApproval: true });

    const waiting = await awaiting();
    expect(waiting.items.map((user) => user.email)).toContain(teacher.email);
    expect(waiting.items.map((user) => user.email)).not.toContain(student.email);
    expect(waiting.items.every((user) => user.awaitingTeacherApproval)).toBe(true);
    const others = await admin.session.call('GET', '/users?awaitingApproval=false');
    expect(others.json<UserList>().items.map((user) => user.email)).toContain(student.email);

    const approve = (by: Person, id: string) =>
      by.session.call('POST', `/users/${id}/approve-teacher`);
    const outsider = await signedInAs(server, 'teacher');
    expect((await approve(outsider, me.id)).status).toBe(403);
    const approved = await approve(admin, me.id);
    expect(approved.status).toBe(200);
    expect(approved.json<ManagedUser>()).toMatchObject({
      roleId: 2,
      awaitingTeacherApproval: false,
    });
    expect((await teacher.session.call('GET', '/users/me')).json<User>()).toMatchObject({
      roleId: 2,
      awaitingTeacherApproval: false,
    });
    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.type, 'TeacherApproved')));
    expect(told).toHaveLength(1);
    expect((await awaiting()).items.map((user) => user.email)).not.toContain(teacher.email);

    const again = await approve(admin, me.id);
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: 'not_awaiting_approval' });
    expect((await approve(admin, student.registered.id)).status).toBe(409);
    expect((await approve(admin, crypto.randomUUID())).status).toBe(404);
  });

  it('ends the wait when an admin sets any role instead', async () => {
    const teacher = await signUp(2, 'Una Undecided');
    const changed = await admin.session.call('PATCH', `/users/${teacher.registered.id}/role`, {
      roleId: 1,
    });
    expect(changed.json<ManagedUser>()).toMatchObject({
      roleId: 1,
      awaitingTeacherApproval: false,
    });
    const approved = await admin.session.call(
      'POST',
      `/users/${teacher.registered.id}/approve-teacher`,
    );
    expect(approved.status).toBe(409);
  });
});
