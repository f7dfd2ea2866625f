import {
  type Classroom,
  INVALID_EMAIL,
  type MemberList,
  type NotificationList,
} from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  createAccount,
  startApiServer,
  uniqueEmail,
} from '../../../test/support';
import { type Person, signedInAs } from '../../../test/support/people';
import { members } from '../../db/schema';
import { INVITATIONS_PER_HOUR, UNKNOWN_JOIN_CODES } from '.';

let server: ApiServer;
let teacher: Person;
let admin: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, admin] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
  ]);
});
afterAll(() => server.close());

async function newClassroom(name = 'Crypto 101', by = teacher) {
  const form = new FormData();
  form.append('name', name);
  form.append('teacherName', 'Ada');
  const response = await by.session.callMultipart('POST', '/classrooms', form);
  expect(response.status).toBe(201);
  return response.json<Classroom>();
}

const invite = (by: Person, classroomId: string, email: string) =>
  by.session.call(
    'POST',
    `/classrooms/${classroomId}/members?userEmail=${encodeURIComponent(email)}`,
  );

const setStatus = (by: Person, classroomId: string, userId: string, status: string) =>
  by.session.call('PATCH', `/classrooms/${classroomId}/members/${userId}`, { status });

const statusOf = async (classroomId: string, userId: string) => {
  const [row] = await server.db
    .select()
    .from(members)
    .where(and(eq(members.classroomId, classroomId), eq(members.userId, userId)));
  return row?.status;
};

const notificationsOf = async (who: Person) =>
  (await who.session.call('GET', `/users/${who.id}/notifications`)).json<NotificationList>();

describe('invitations', () => {
  it('invites a user, who accepts; each side is notified', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    const invited = await invite(teacher, classroom.id, student.email.toUpperCase());
    expect(invited.status).toBe(201);
    expect(invited.json()).toEqual({ email: student.email, status: 'Invited' });
    expect((await invite(teacher, classroom.id, student.email)).status).toBe(409);
    expect((await notificationsOf(student)).items[0]).toMatchObject({
      type: 'InvitationReceived',
      data: { classroomId: classroom.id, classroomName: 'Crypto 101' },
    });

    expect((await setStatus(teacher, classroom.id, student.id, 'Accepted')).status).toBe(403);
    const accepted = await setStatus(student, classroom.id, student.id, 'Accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toEqual({
      classroomId: classroom.id,
      userId: student.id,
      status: 'Accepted',
    });
    expect((await notificationsOf(teacher)).items[0]).toMatchObject({
      type: 'InvitationAccepted',
      data: { classroomId: classroom.id, userId: student.id },
    });
    expect((await invite(teacher, classroom.id, student.email)).status).toBe(409);
  });

  it('approves a pending request when its teacher invites the requester', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    await student.session.call('POST', '/classrooms/join', { classroomCode: classroom.joinCode });
    const response = await invite(teacher, classroom.id, student.email);
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Accepted' });
    expect(await statusOf(classroom.id, student.id)).toBe('Accepted');
  });

  it('is for its teacher and admins; not the creator', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    expect((await invite(student, classroom.id, uniqueEmail())).status).toBe(404);
    expect((await invite(admin, classroom.id, student.email)).status).toBe(201);
    expect((await invite(teacher, classroom.id, teacher.email)).status).toBe(409);
  });

  it('answers alike for an account, an email without one and a guest, until the invitee accepts', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student', 'student', 'Stella Student');
    const guest = await signedInAs(server, 'guest', 'guest', 'Gus Guest');
    const stranger = uniqueEmail('stranger');
    const answers = [];
    for (const email of [student.email, stranger, guest.email]) {
      const response = await invite(teacher, classroom.id, email.toUpperCase());
      answers.push({ status: response.status, body: response.json() });
      const again = await invite(teacher, classroom.id, email);
      answers.push({ status: again.status, body: again.json<{ detail: string }>().detail });
    }
    expect(answers).toEqual(
      [student.email, stranger, guest.email].flatMap((email) => [
        { status: 201, body: { email, status: 'Invited' } },
        { status: 409, body: 'Invited already' },
      ]),
    );

    const roster = async () =>
      (
        await teacher.session.call('GET', `/classrooms/${classroom.id}/members?status=Invited`)
      ).json<MemberList>();
    const invited = await roster();
    expect(invited.items).toEqual(
      [student.email, stranger, guest.email].sort().map((email) => ({
        userId: null,
        name: email,
        email,
        status: 'Invited',
        points: 0,
        isCreator: false,
      })),
    );
    const searched = await teacher.session.call(
      'GET',
      `/classrooms/${classroom.id}/members?search=Stella`,
    );
    expect(searched.json<MemberList>().total).toBe(0);

    await setStatus(student, classroom.id, student.id, 'Accepted');
    const accepted = await teacher.session.call(
      'GET',
      `/classrooms/${classroom.id}/members?search=Stella`,
    );
    expect(accepted.json<MemberList>().items).toMatchObject([
      { userId: student.id, name: 'Stella Student', status: 'Accepted' },
    ]);
  });

  it('reaches a guest once an admin lets them join classrooms', async () => {
    const classroom = await newClassroom();
    const guest = await signedInAs(server, 'guest');
    expect((await invite(teacher, classroom.id, guest.email)).status).toBe(201);
    expect(await statusOf(classroom.id, guest.id)).toBeUndefined();
    const changed = await admin.session.call('PATCH', `/users/${guest.id}/role`, { roleId: 1 });
    expect(changed.status).toBe(200);
    expect(await statusOf(classroom.id, guest.id)).toBe('Invited');
    expect((await notificationsOf(guest)).items[0]).toMatchObject({ type: 'InvitationReceived' });
  });

  it('is withdrawn by its teacher by email, to an account or not', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    const stranger = uniqueEmail('stranger');
    for (const email of [student.email, stranger]) await invite(teacher, classroom.id, email);
    const withdraw = (by: Person, email: string) =>
      by.session.call(
        'DELETE',
        `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(email)}`,
      );
    expect((await withdraw(student, student.email)).status).toBe(403);
    expect((await withdraw(teacher, student.email.toUpperCase())).status).toBe(204);
    expect((await withdraw(teacher, stranger)).status).toBe(204);
    expect((await withdraw(teacher, stranger)).status).toBe(404);
    expect(await statusOf(classroom.id, student.id)).toBeUndefined();
    const left = await teacher.session.call('GET', `/classrooms/${classroom.id}/members`);
    expect(left.json<MemberList>().total).toBe(1);
  });

  it(`are at most ${INVITATIONS_PER_HOUR} an hour for one inviter`, async () => {
    const classroom = await newClassroom();
    const inviter = await signedInAs(server, 'teacher');
    const { id: ownId } = await newClassroom('Busy class', inviter);
    for (let sent = 0; sent < INVITATIONS_PER_HOUR; sent++) {
      const response = await invite(inviter, ownId, uniqueEmail('bulk'));
      expect(response.status).toBe(201);
    }
    const refused = await invite(inviter, ownId, uniqueEmail('bulk'));
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'invitation_rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Counted per inviter: another teacher is not held back.
    expect((await invite(teacher, classroom.id, uniqueEmail())).status).toBe(201);
  });

  it('waits for an email without an account until its owner signs up verified', async () => {
    const classroom = await newClassroom('Forensics');
    const email = uniqueEmail('newcomer');
    const pending = await invite(teacher, classroom.id, email);
    expect(pending.status).toBe(201);
    expect(pending.json()).toEqual({ email, status: 'Invited' });
    expect((await invite(teacher, classroom.id, email)).status).toBe(409);

    const { idToken } = await createAccount(server, { email });
    const newcomer = apiSession(server, idToken);
    await newcomer.call('GET', '/users/me');
    const listed = (await newcomer.call('GET', '/classrooms')).json<Classroom[]>();
    expect(listed.map(({ id, myStatus }) => ({ id, myStatus }))).toEqual([
      { id: classroom.id, myStatus: 'Invited' },
    ]);
    const me = (await newcomer.call('GET', '/users/me')).json<{ id: string }>();
    const inbox = (
      await newcomer.call('GET', `/users/${me.id}/notifications`)
    ).json<NotificationList>();
    expect(inbox.items.map((n) => n.type)).toEqual(['InvitationReceived']);
  });

  it('takes every address the identity service lets sign up, and refuses what it refuses', async () => {
    const classroom = await newClassroom();
    // Not ASCII: sign-up takes it, so an invitation must too.
    const accented = `élève-${crypto.randomUUID().slice(0, 8)}@école.example`;
    const { idToken } = await createAccount(server, { email: accented });
    expect(idToken).toBeTruthy();
    expect((await invite(teacher, classroom.id, accented)).status).toBe(201);
    for (const refused of ['no-at-sign.example', 'two@@example.org', 'dotless@example']) {
      const answer = await invite(teacher, classroom.id, refused);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(INVALID_EMAIL);
      const signUp = fetch(`${server.origin}/identity/admin/v1/accounts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.adminSecret}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email: refused, password: 'correct horse battery' }),
      });
      expect((await signUp).ok).toBe(false);
    }
  });

  it('does not hand an invitation to an unverified owner of the email', async () => {
    const classroom = await newClassroom();
    const email = uniqueEmail('unverified');
    await invite(teacher, classroom.id, email);
    const { idToken } = await createAccount(server, { email, emailVerified: false });
    const me = (await apiSession(server, idToken).call('GET', '/users/me')).json<{ id: string }>();
    expect(await statusOf(classroom.id, me.id)).toBeUndefined();
  });
});

describe('joining by code', () => {
  it('asks to join, whatever the case and spacing; the teacher approves; both are notified', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    const code = ` ${classroom.joinCode?.toLowerCase()} `;
    const joined = await student.session.call('POST', '/classrooms/join', { classroomCode: code });
    expect(joined.status).toBe(201);
    expect(joined.json()).toMatchObject({ classroomId: classroom.id, status: 'PendingApproval' });
    expect((await notificationsOf(teacher)).items[0]).toMatchObject({
      type: 'JoinRequested',
      data: { classroomId: classroom.id, userId: student.id },
    });
    const again = await student.session.call('POST', '/classrooms/join', { classroomCode: code });
    expect(again.status).toBe(409);

    expect((await setStatus(student, classroom.id, student.id, 'Accepted')).status).toBe(403);
    expect((await setStatus(teacher, classroom.id, student.id, 'Accepted')).status).toBe(200);
    expect((await notificationsOf(student)).items[0]).toMatchObject({ type: 'JoinApproved' });
    const member = await student.session.call('POST', '/classrooms/join', { classroomCode: code });
    expect(member.status).toBe(409);
  });

  it('accepts an invitation the joiner already had', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, student.email);
    const joined = await student.session.call('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    expect(joined.status).toBe(200);
    expect(joined.json()).toMatchObject({ status: 'Accepted' });
  });

  it('refuses unknown codes, the creator and guests', async () => {
    const classroom = await newClassroom();
    const student = await signedInAs(server, 'student');
    const guest = await signedInAs(server, 'guest');
    const unknown = await student.session.call('POST', '/classrooms/join', {
      classroomCode: 'ZZZZZZZZ',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'No classroom has this code' });
    const own = await teacher.session.call('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    expect(own.status).toBe(409);
    const byGuest = await guest.session.call('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    expect(byGuest.status).toBe(403);
  });
});

describe('unknown join codes', () => {
  it(`are refused after ${UNKNOWN_JOIN_CODES.max} in ${UNKNOWN_JOIN_CODES.windowMs / 60_000} minutes, for the one who sent them`, async () => {
    const classroom = await newClassroom();
    const guesser = await signedInAs(server, 'student', 'guesser');
    const join = (who: Person, classroomCode: string) =>
      who.session.call('POST', '/classrooms/join', { classroomCode });
    for (let miss = 0; miss < UNKNOWN_JOIN_CODES.max; miss++) {
      expect((await join(guesser, `ZZZZZZZ${miss}`)).status).toBe(404);
    }
    const refused = await join(guesser, classroom.joinCode ?? '');
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'join_rate_limited',
      detail: 'Too many unknown classroom codes: try again in 10 minutes',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(await statusOf(classroom.id, guesser.id)).toBeUndefined();

    // Joining by a right code counts nothing; another user is not held back.
    const student = await signedInAs(server, 'student');
    for (let joined = 0; joined < UNKNOWN_JOIN_CODES.max; joined++) {
      const own = await newClassroom(`Class ${joined}`);
      expect((await join(student, own.joinCode ?? '')).status).toBe(201);
    }
    expect((await join(student, 'ZZZZZZZZ')).status).toBe(404);
  });
});

describe('PATCH /classrooms/:id/members/:userId', () => {
  it('refuses every other transition with 409', async () => {
    const classroom = await newClassroom();
    const [invited, pending, accepted] = await Promise.all([
      signedInAs(server, 'student', 'invited'),
      signedInAs(server, 'student', 'pending'),
      signedInAs(server, 'student', 'accepted'),
    ]);
    await server.db.insert(members).values([
      { classroomId: classroom.id, userId: invited.id, status: 'Invited' },
      { classroomId: classroom.id, userId: pending.id, status: 'PendingApproval' },
      { classroomId: classroom.id, userId: accepted.id, status: 'Accepted' },
    ]);
    const attempts: [Person, Person, string][] = [
      [invited, invited, 'PendingApproval'],
      [invited, invited, 'Invited'],
      [teacher, pending, 'Invited'],
      [teacher, pending, 'PendingApproval'],
      [teacher, accepted, 'Accepted'],
      [teacher, accepted, 'Invited'],
      [accepted, accepted, 'PendingApproval'],
    ];
    for (const [by, target, status] of attempts) {
      const response = await setStatus(by, classroom.id, target.id, status);
      expect(response.status, `${status} for ${target.email}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'invalid_member_transition' });
    }
  });

  it('lets nobody but its managers touch another’s membership', async () => {
    const classroom = await newClassroom();
    const [pending, accepted, outsider] = await Promise.all([
      signedInAs(server, 'student', 'pending'),
      signedInAs(server, 'student', 'accepted'),
      signedInAs(server, 'student', 'outsider'),
    ]);
    await server.db.insert(members).values([
      { classroomId: classroom.id, userId: pending.id, status: 'PendingApproval' },
      { classroomId: classroom.id, userId: accepted.id, status: 'Accepted' },
    ]);
    expect((await setStatus(accepted, classroom.id, pending.id, 'Accepted')).status).toBe(403);
    expect((await setStatus(outsider, classroom.id, pending.id, 'Accepted')).status).toBe(404);
    expect((await setStatus(admin, classroom.id, pending.id, 'Accepted')).status).toBe(200);
    expect((await setStatus(admin, classroom.id, outsider.id, 'Accepted')).status).toBe(404);
  });
});

describe('DELETE /classrooms/:id/members/:userId', () => {
  it('lets members leave, decline or withdraw, and managers remove anyone', async () => {
    const classroom = await newClassroom();
    const [invited, pending, accepted, other] = await Promise.all([
      signedInAs(server, 'student', 'invited'),
      signedInAs(server, 'student', 'pending'),
      signedInAs(server, 'student', 'accepted'),
      signedInAs(server, 'student', 'other'),
    ]);
    await server.db.insert(members).values([
      { classroomId: classroom.id, userId: invited.id, status: 'Invited' },
      { classroomId: classroom.id, userId: pending.id, status: 'PendingApproval' },
      { classroomId: classroom.id, userId: accepted.id, status: 'Accepted' },
      { classroomId: classroom.id, userId: other.id, status: 'Accepted' },
    ]);
    const remove = (by: Person, target: Person) =>
      by.session.call('DELETE', `/classrooms/${classroom.id}/members/${target.id}`);
    expect((await remove(accepted, other)).status).toBe(403);
    for (const self of [invited, pending, accepted])
      expect((await remove(self, self)).status).toBe(204);
    expect((await remove(teacher, other)).status).toBe(204);
    expect((await remove(teacher, other)).status).toBe(404);
    expect(
      await server.db.select().from(members).where(eq(members.classroomId, classroom.id)),
    ).toEqual([]);
  });
});

describe('GET /classrooms/:id/members', () => {
  let classroom: Classroom;
  let student: Person;

  beforeAll(async () => {
    classroom = await newClassroom();
    const people = await Promise.all(
      // Searched for below: letters that the random hex in every email can never spell.
      ['ivy', 'ivylee', 'bob', 'carol', 'dave', 'eve_x'].map((label) =>
        signedInAs(server, 'student', label),
      ),
    );
    student = people[0] as Person;
    const statuses = [
      'Accepted',
      'Accepted',
      'Accepted',
      'Invited',
      'PendingApproval',
      'Accepted',
    ] as const;
    await server.db.insert(members).values(
      people.map((p, i) => ({
        classroomId: classroom.id,
        userId: p.id,
        status: statuses[i] ?? 'Accepted',
      })),
    );
  });

  const list = async (by: Person, query: string) => {
    const response = await by.session.call('GET', `/classrooms/${classroom.id}/members?${query}`);
    expect(response.status).toBe(200);
    return response.json<MemberList>();
  };

  it('pages the roster, the creator first', async () => {
    const first = await list(teacher, 'pageSize=4');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 4, pageCount: 2 });
    expect(first.items[0]).toMatchObject({
      userId: teacher.id,
      isCreator: true,
      status: 'Accepted',
    });
    const second = await list(teacher, 'pageSize=4&page=2');
    expect(second.items).toHaveLength(3);
    const names = [...first.items, ...second.items].map((item) => item.name);
    expect(new Set(names).size).toBe(7);
  });

  it('filters by status and searches names, trimmed, case-insensitively, literally', async () => {
    const waiting = await list(teacher, 'status=Invited&status=PendingApproval');
    expect(waiting.items.map((item) => item.status).sort()).toEqual(['Invited', 'PendingApproval']);
    const ivy = await list(teacher, `search=${encodeURIComponent('  IVY ')}`);
    expect(ivy.items.map((item) => item.name.slice(0, 4))).toEqual(['ivy-', 'ivyl']);
    expect((await list(teacher, 'search=%25')).total).toBe(0);
    expect((await list(teacher, 'search=e_x')).items).toHaveLength(1);
    expect((await list(teacher, 'search=a_a')).items).toHaveLength(0);
  });

  it('shows students accepted members only, without emails', async () => {
    const seen = await list(student, 'status=Accepted&status=Invited');
    expect(seen.total).toBe(5);
    expect(seen.items.every((item) => item.status === 'Accepted' && item.email === undefined)).toBe(
      true,
    );
    expect((await list(teacher, '')).items[0]?.email).toBe(teacher.email);
  });

  it('counts the members as the classroom does, whatever the filter; what waits for its managers', async () => {
    const card = await teacher.session.call('GET', `/classrooms/${classroom.id}`);
    const { memberCount } = card.json<{ memberCount: number }>();
    expect(memberCount).toBe(4);
    for (const query of ['', 'status=Invited', 'search=ivy&pageSize=1']) {
      expect((await list(teacher, query)).counts).toEqual({ members: 4, asking: 1, invited: 1 });
    }
    expect((await list(student, '')).counts).toEqual({ members: 4 });
  });

  it('validates the query and hides the roster from outsiders', async () => {
    const bad = await teacher.session.call(
      'GET',
      `/classrooms/${classroom.id}/members?pageSize=101`,
    );
    expect(bad.status).toBe(400);
    const outsider = await signedInAs(server, 'student', 'outsider');
    expect((await outsider.session.call('GET', `/classrooms/${classroom.id}/members`)).status).toBe(
      404,
    );
  });
});
