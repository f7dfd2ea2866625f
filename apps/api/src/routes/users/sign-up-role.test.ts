import type { ManagedUser, Me, UserList } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  createAccount,
  type Person,
  signedInAs,
  signIn,
  startApiServer,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/support';

/** An account made at the identity provider, not through `/auth/register`, and its first call. */
async function newcomer(server: ApiServer, emailVerified = true) {
  const { email, idToken } = await createAccount(server, { emailVerified });
  const session = apiSession(server, idToken);
  const me = await session.call('GET', '/users/me');
  expect(me.json<Me>()).toMatchObject({ roleId: 1, awaitingTeacherApproval: false });
  return { email, session, id: me.json<Me>().id };
}

const choose = (session: ReturnType<typeof apiSession>, roleId: unknown) =>
  session.call('POST', '/users/me/sign-up-role', { roleId });

describe('choosing the role at sign-up', () => {
  let server: ApiServer;
  let admin: Person;
  beforeAll(async () => {
    server = await startApiServer({ adminEmails: 'chosen-admin@example.org' });
    admin = await signedInAs(server, 'admin');
  });
  afterAll(() => server.close());

  it('makes a newcomer a teacher once, then refuses any other choice with 409', async () => {
    const { session } = await newcomer(server);
    const chosen = await choose(session, 2);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.json<Me>()).toMatchObject({ roleId: 2, awaitingTeacherApproval: false });
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(2);

    const again = await choose(session, 1);
    expect(again.status).toBe(409);
    expect(again.json().code).toBe('sign_up_role_chosen');
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(2);
  });

  it('keeps a newcomer who chose student a student, even if they then ask to teach', async () => {
    const { session } = await newcomer(server);
    expect((await choose(session, 1)).json<Me>().roleId).toBe(1);
    expect((await choose(session, 2)).json().code).toBe('sign_up_role_chosen');
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(1);
  });

  it('lets a newcomer whose email is not yet verified choose, as sign-up comes first', async () => {
    const { session } = await newcomer(server, false);
    expect((await choose(session, 2)).json<Me>()).toMatchObject({ roleId: 2 });
  });

  it('offers nothing to choose to whom an admin already gave a role', async () => {
    const { session, id } = await newcomer(server);
    const set = await admin.session.call('PATCH', `/users/${id}/role`, { roleId: 4 });
    expect(set.json<ManagedUser>().roleId).toBe(4);
    expect((await choose(session, 2)).json().code).toBe('sign_up_role_chosen');
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(4);
  });

  it('refuses people who chose through /auth/register (built-in sign-up)', async () => {
    const email = uniqueEmail('registered');
    const registered = await apiSession(server).call('POST', '/auth/register', {
      email,
      password: TEST_PASSWORD,
      displayName: 'Rey Registered',
      roleId: 1,
    });
    expect(registered.status).toBe(201);
    const session = apiSession(server, await signIn(server, email));
    expect((await choose(session, 2)).json().code).toBe('sign_up_role_chosen');
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(1);
  });

  it('leaves an ADMIN_EMAILS admin an admin', async () => {
    const { idToken } = await createAccount(server, { email: 'chosen-admin@example.org' });
    const session = apiSession(server, idToken);
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(3);
    expect((await choose(session, 1)).json<Me>().roleId).toBe(3);
    expect((await session.call('GET', '/users/me')).json<Me>().roleId).toBe(3);
  });

  it('names the field of a role that cannot be chosen', async () => {
    const { session } = await newcomer(server);
    for (const roleId of [0, 3, 4, '2', null]) {
      const refused = await choose(session, roleId);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('roleId');
    }
    expect((await choose(session, 2)).status).toBe(200);
  });

  it('answers only with the error codes it declares', () => {
    expect([...server.undeclaredErrors]).toEqual([]);
  });
});

describe('choosing the role at sign-up with TEACHER_APPROVAL', () => {
  let server: ApiServer;
  let admin: Person;
  beforeAll(async () => {
    server = await startApiServer({ teacherApproval: true });
    admin = await signedInAs(server, 'admin');
  });
  afterAll(() => server.close());

  it('makes a teacher a student awaiting approval, and a student a student', async () => {
    const teacher = await newcomer(server);
    const student = await newcomer(server);
    expect((await choose(teacher.session, 2)).json<Me>()).toMatchObject({
      roleId: 1,
      awaitingTeacherApproval: true,
    });
    expect((await choose(student.session, 1)).json<Me>()).toMatchObject({
      roleId: 1,
      awaitingTeacherApproval: false,
    });
    const waiting = await admin.session.call('GET', '/users?awaitingApproval=true');
    const emails = waiting.json<UserList>().items.map((user) => user.email);
    expect(emails).toContain(teacher.email);
    expect(emails).not.toContain(student.email);

    expect((await admin.session.call('POST', `/users/${teacher.id}/approve-teacher`)).status).toBe(
      200,
    );
    expect((await choose(teacher.session, 2)).json().code).toBe('sign_up_role_chosen');
    expect((await teacher.session.call('GET', '/users/me')).json<Me>().roleId).toBe(2);
  });
});
