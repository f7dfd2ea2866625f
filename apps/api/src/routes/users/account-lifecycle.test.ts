import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ApiServer,
  apiSession,
  createAccount,
  type Person,
  signedInAs,
  signIn,
  startApiServer,
  TEST_API_KEY,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/support';
import { classroom, createLab } from '../../../test/support/labs';
import { readCursor } from '../../account-events/cursor';
import { accountEventFeed } from '../../account-events/feed';
import { classrooms, members, solves, users } from '../../db/schema';
import { createIdentityAdmin } from '../../identity-admin/client';
import { knownUsers } from '../../users/known-users';
import { revocations } from '../../users/revocations';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => server.close());

function identity(path: string, body: unknown) {
  return fetch(`${server.origin}/identitytoolkit.googleapis.com/v1/${path}?key=${TEST_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function admin(method: string, path: string) {
  return fetch(`${server.origin}/identity/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${server.adminSecret}` },
  });
}

const uidOf = async (person: Person) => {
  const [row] = await server.db.select().from(users).where(eq(users.id, person.id));
  return row?.identityUid ?? '';
};

const me = (idToken: string) => apiSession(server, idToken).call('GET', '/users/me');

/** A teacher, and a student accepted in their classroom with one of their labs. */
async function teacherWithStudent() {
  const teacher = await signedInAs(server, 'teacher');
  const student = await signedInAs(server, 'student');
  const lab = await createLab(teacher);
  const room = await classroom(server, teacher.id, {
    members: [[student.id, 'Accepted']],
    labs: [lab.id],
  });
  return { teacher, student, lab, room };
}

/**
 * `iat` counts whole seconds, and a token minted in the second its account was created is dated
 * at the next one, the same line a revocation in that second draws: a real user's token is older.
 */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_000));

const userRow = async (id: string) =>
  (await server.db.select().from(users).where(eq(users.id, id)))[0];

describe('revocations reach the API', () => {
  it('refuses a token issued before a password change, from the next poll', async () => {
    const person = await signedInAs(server, 'student');
    expect((await me(person.idToken)).status).toBe(200);
    await nextSecond();
    const changed = await identity('accounts:update', {
      idToken: person.idToken,
      password: 'battery staple horse',
      returnSecureToken: true,
    });
    const { idToken: renewed } = (await changed.json()) as { idToken: string };
    await server.pollAccountEvents();
    const refused = await me(person.idToken);
    expect(refused.status).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
    expect((await me(renewed)).status).toBe(200);
  });

  it('refuses the tokens of an account disabled at the identity service', async () => {
    const person = await signedInAs(server, 'student');
    expect((await me(person.idToken)).status).toBe(200);
    await nextSecond();
    expect((await admin('POST', `/accounts/${await uidOf(person)}/disable`)).status).toBe(200);
    await server.pollAccountEvents();
    expect((await me(person.idToken)).status).toBe(401);
  });

  it('removes the product user of an account deleted at the identity service', async () => {
    const { teacher, student, lab, room } = await teacherWithStudent();
    await server.db
      .insert(solves)
      .values({ classroomId: room.id, userId: student.id, labId: lab.id });
    const studentUid = await uidOf(student);
    const deleted = await identity('accounts:delete', { idToken: student.idToken });
    expect(deleted.status).toBe(200);

    await server.pollAccountEvents();
    expect(await userRow(student.id)).toBeUndefined();
    // Applied at once, but the cursor stays before an event this young, in case an older one
    // commits after it.
    const listed = await admin('GET', '/account-events');
    const { events } = (await listed.json()) as { events: { seq: number; uid: string }[] };
    const deletion = events.find((event) => event.uid === studentUid);
    expect(await readCursor(server.db)).toBeLessThan(deletion?.seq ?? 0);
    expect(await server.db.select().from(members).where(eq(members.userId, student.id))).toEqual(
      [],
    );
    expect((await me(student.idToken)).status).toBe(401);
    const leaderboard = await teacher.session.call('GET', `/classrooms/${room.id}/leaderboard`);
    expect(JSON.stringify(leaderboard.json())).not.toContain(student.id);

    // The address is free again, for the identity service and the product alike.
    const again = await createAccount(server, { email: student.email });
    const returned = await me(again.idToken);
    expect(returned.status).toBe(200);
    expect(returned.json()).toMatchObject({ email: student.email });
    expect(returned.json<{ id: string }>().id).not.toBe(student.id);
  });

  it('applies deletions made while it was not polling, when a new process starts', async () => {
    const identityAdmin = createIdentityAdmin({
      baseUrl: server.origin,
      secret: server.adminSecret,
    });
    // Later than every event's settling time, so that the cursor moves past them.
    const later = () => Date.now() + 60_000;
    const processOf = () => {
      const feed = accountEventFeed({
        identityAdmin,
        revocations: revocations(),
        knownUsers: knownUsers(),
        intervalMs: 3_600_000,
        now: later,
      });
      feed.start({ db: server.db, log: server.app.log });
      return feed;
    };
    const first = processOf();
    await first.poll();
    await first.stop();
    const cursor = await readCursor(server.db);
    expect(cursor).toBeGreaterThan(0);

    const student = await signedInAs(server, 'student');
    await admin('DELETE', `/accounts/${await uidOf(student)}`);
    const restarted = processOf();
    await restarted.poll();
    await restarted.stop();
    expect(await userRow(student.id)).toBeUndefined();
    expect(await readCursor(server.db)).toBeGreaterThan(cursor);
  });
});

describe('an email held by the user of an account that no longer exists', () => {
  it('is freed when a new account with that email first calls the API', async () => {
    const email = uniqueEmail('returning');
    await server.db.insert(users).values({ identityUid: 'deleted-long-ago', email });
    const { idToken } = await createAccount(server, { email });
    const response = await me(idToken);
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ email });
    const holders = await server.db.select().from(users).where(eq(users.email, email));
    expect(holders.map((row) => row.identityUid)).not.toContain('deleted-long-ago');
  });

  it('is freed when the address registers again', async () => {
    const email = uniqueEmail('returning');
    await server.db.insert(users).values({ identityUid: 'deleted-before', email });
    const response = await apiSession(server).call('POST', '/auth/register', {
      email,
      password: TEST_PASSWORD,
      displayName: 'Back Again',
      roleId: 1,
    });
    expect(response.status).toBe(201);
    expect((await me(await signIn(server, email))).status).toBe(200);
  });

  it('stays taken while its holder’s account exists', async () => {
    const holder = await createAccount(server);
    const holderId = (await me(holder.idToken)).json<{ id: string }>().id;
    const email = uniqueEmail('taken');
    await server.db.update(users).set({ email }).where(eq(users.id, holderId));
    const { idToken } = await createAccount(server, { email });
    const response = await me(idToken);
    expect(response.status).toBe(409);
    expect(response.json()).toMatchObject({ code: 'email_in_use' });
  });
});

describe('DELETE /users/me', () => {
  it('deletes the identity account and the product user; the token stops working', async () => {
    const teacher = await signedInAs(server, 'teacher');
    const student = await signedInAs(server, 'student');
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });

    const deleted = await teacher.session.call('DELETE', '/users/me', {
      email: teacher.email.toUpperCase(),
    });
    expect(deleted.status).toBe(204);
    expect((await me(teacher.idToken)).status).toBe(401);
    await expect(signIn(server, teacher.email)).rejects.toThrow('INVALID_LOGIN_CREDENTIALS');
    expect(await userRow(teacher.id)).toBeUndefined();

    // The classroom stays for its students, with no owner.
    const [kept] = await server.db.select().from(classrooms).where(eq(classrooms.id, room.id));
    expect(kept?.creatorId).toBeNull();
    const seen = await student.session.call('GET', `/classrooms/${room.id}`);
    expect(seen.status).toBe(200);
  });

  it('asks for a sign-in made within the last five minutes', async () => {
    const person = await signedInAs(server, 'student');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const refused = await person.session.call('DELETE', '/users/me', { email: person.email });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'recent_sign_in_required' });
    vi.useRealTimers();
    expect(await userRow(person.id)).toBeDefined();
    expect((await me(person.idToken)).status).toBe(200);
  });

  it('needs the caller’s own email typed again', async () => {
    const person = await signedInAs(server, 'student');
    const other = await signedInAs(server, 'student');
    const wrong = await person.session.call('DELETE', '/users/me', { email: other.email });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'deletion_not_confirmed' });
    const missing = await person.session.call('DELETE', '/users/me', {});
    expect(missing.status).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed' });
    expect((await me(person.idToken)).status).toBe(200);
  });

  it('needs the anti-forgery token', async () => {
    const person = await signedInAs(server, 'student');
    const response = await apiSession(server, person.idToken).send('DELETE', '/users/me', {
      body: { email: person.email },
    });
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ code: 'antiforgery_failed' });
  });
});

describe('DELETE /users/:id', () => {
  it('lets an admin delete someone else’s account, with its email typed, as its owner would', async () => {
    const admin = await signedInAs(server, 'admin');
    const { teacher, student, room } = await teacherWithStudent();

    const unconfirmed = await admin.session.call('DELETE', `/users/${student.id}`, {
      email: teacher.email,
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json()).toMatchObject({
      code: 'deletion_not_confirmed',
      detail: 'Type the account’s email address to delete it',
    });
    expect(await userRow(student.id)).toBeDefined();

    const deleted = await admin.session.call('DELETE', `/users/${student.id}`, {
      email: ` ${student.email.toUpperCase()} `,
    });
    expect(deleted.status).toBe(204);
    expect((await me(student.idToken)).status).toBe(401);
    await expect(signIn(server, student.email)).rejects.toThrow('INVALID_LOGIN_CREDENTIALS');
    expect(await userRow(student.id)).toBeUndefined();
    const memberships = await server.db
      .select()
      .from(members)
      .where(eq(members.userId, student.id));
    expect(memberships).toEqual([]);

    // A teacher's classrooms stay, with no owner.
    expect(
      (await admin.session.call('DELETE', `/users/${teacher.id}`, { email: teacher.email })).status,
    ).toBe(204);
    const [kept] = await server.db.select().from(classrooms).where(eq(classrooms.id, room.id));
    expect(kept?.creatorId).toBeNull();
    expect(
      (await admin.session.call('DELETE', `/users/${teacher.id}`, { email: teacher.email })).status,
    ).toBe(404);
  });

  it('is for admins, and not for their own account', async () => {
    const admin = await signedInAs(server, 'admin');
    const teacher = await signedInAs(server, 'teacher');
    const student = await signedInAs(server, 'student');
    const refused = await teacher.session.call('DELETE', `/users/${student.id}`, {
      email: student.email,
    });
    expect(refused.status).toBe(403);
    const self = await admin.session.call('DELETE', `/users/${admin.id}`, { email: admin.email });
    expect(self.status).toBe(409);
    expect(self.json()).toMatchObject({
      code: 'cannot_delete_self',
      detail: 'Delete your own account from your profile',
    });
    expect(await userRow(student.id)).toBeDefined();
    expect(await userRow(admin.id)).toBeDefined();
  });
});
