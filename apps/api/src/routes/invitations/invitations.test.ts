import type { Classroom, InvitationLink, ManagedUser, UserList } from '@hackclass/contracts';
import { outbox } from '@hackclass/mail';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  createAccount,
  signIn,
  startApiServer,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/support';
import { type Person, signedInAs } from '../../../test/support/people';
import { invitationLinks, members, notifications } from '../../db/schema';

const PER_DAY = 3;
const PER_DAY_UNAPPROVED = 2;

let server: ApiServer;
let teacher: Person;

beforeAll(async () => {
  // The tests read each invitation's link from its mail in the outbox: no worker sends it away.
  server = await startApiServer({
    invitationsPerDay: PER_DAY,
    invitationsPerDayUnapproved: PER_DAY_UNAPPROVED,
    deliverMail: false,
  });
});
// A teacher of each test's own, so that the daily limit of one leaves the others alone.
beforeEach(async () => {
  teacher = await signedInAs(server, 'teacher', 'teacher', 'Ada Lovelace');
});
afterAll(() => server.close());

type Inviter = Pick<Person, 'session'>;

async function newClassroom(by: Inviter, name = 'Crypto 101') {
  const form = new FormData();
  form.append('name', name);
  form.append('teacherName', 'Ada');
  const response = await by.session.callMultipart('POST', '/classrooms', form);
  expect(response.status).toBe(201);
  return response.json<Classroom>();
}

const invite = (by: Inviter, classroomId: string, email: string) =>
  by.session.call(
    'POST',
    `/classrooms/${classroomId}/members?userEmail=${encodeURIComponent(email)}`,
  );

/** The invitation mails in the outbox to `email`, newest first. */
const mailsTo = (email: string) =>
  server.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'invitation')))
    .orderBy(desc(outbox.createdAt));

/** The token of the newest invitation mail to `email`, read from its link. */
async function tokenMailedTo(email: string) {
  const [mail] = await mailsTo(email);
  const link = /http:\/\/localhost:\d+\/invitations\/([A-Za-z0-9_-]{43})/.exec(
    mail?.textBody ?? '',
  );
  if (!link?.[1]) throw new Error(`no invitation link mailed to ${email}`);
  return link[1];
}

const statusOf = async (classroomId: string, userId: string) => {
  const [row] = await server.db
    .select({ status: members.status })
    .from(members)
    .where(and(eq(members.classroomId, classroomId), eq(members.userId, userId)));
  return row?.status;
};

const anonymous = () => apiSession(server);
const linkSays = async (token: string, session = anonymous()) => {
  const response = await session.call('GET', `/invitations/${token}`);
  expect(response.status).toBe(200);
  return response.json<InvitationLink>();
};
const accept = (session: ReturnType<typeof apiSession>, token: string) =>
  session.call('POST', `/invitations/${token}/accept`);

describe('invitation mails', () => {
  it('mails a link naming the classroom and the teacher; the link shows the address masked', async () => {
    const classroom = await newClassroom(teacher);
    const email = uniqueEmail('newcomer');
    expect((await invite(teacher, classroom.id, email)).status).toBe(201);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      status: 'queued',
      subject: 'Ada Lovelace invites you to Crypto 101 on HackClass',
    });
    expect(mail?.htmlBody).toContain(`${new URL(server.origin).port}/invitations/`);
    const token = await tokenMailedTo(email);
    // Only the token's hash is kept.
    const stored = await server.db.select().from(invitationLinks);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await linkSays(token)).toEqual({
      state: 'pending',
      classroomId: classroom.id,
      classroomName: 'Crypto 101',
      teacherName: 'Ada Lovelace',
      email: `${email[0]}***@example.org`,
      forCaller: false,
      expiresAt: expect.any(String),
    });
    // Inviting again answers as before and mails nothing more.
    expect((await invite(teacher, classroom.id, email)).status).toBe(409);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('answers not_found for a link no invitation has, and names the field of a malformed one', async () => {
    expect(await linkSays('A'.repeat(43))).toEqual({ state: 'not_found' });
    const malformed = await anonymous().call('GET', '/invitations/short');
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.json<{ errors: object }>().errors)).toEqual(['token']);
  });

  it('leads a newcomer through sign-up and verification, then accepts; twice is the same', async () => {
    const classroom = await newClassroom(teacher);
    const email = uniqueEmail('student');
    await invite(teacher, classroom.id, email);
    const token = await tokenMailedTo(email);
    const { idToken } = await createAccount(server, { email });
    const student = apiSession(server, idToken);
    expect(await linkSays(token, student)).toMatchObject({ email, forCaller: true });

    const accepted = await accept(student, token);
    expect(accepted.status).toBe(200);
    const { userId } = accepted.json<{ userId: string }>();
    expect(accepted.json()).toEqual({ classroomId: classroom.id, userId, status: 'Accepted' });
    expect((await accept(student, token)).json()).toEqual(accepted.json());
    expect(await linkSays(token)).toMatchObject({ state: 'accepted' });
    const [row] = await server.db
      .select()
      .from(members)
      .where(and(eq(members.classroomId, classroom.id), eq(members.userId, userId)));
    expect(row?.status).toBe('Accepted');
  });

  it('accepts for a user who had an account when invited', async () => {
    const classroom = await newClassroom(teacher);
    const student = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, student.email);
    const accepted = await accept(student.session, await tokenMailedTo(student.email));
    expect(accepted.json()).toEqual({
      classroomId: classroom.id,
      userId: student.id,
      status: 'Accepted',
    });
  });

  it('refuses an unverified address and another signed-in user, naming both addresses', async () => {
    const classroom = await newClassroom(teacher);
    const email = uniqueEmail('student');
    await invite(teacher, classroom.id, email);
    const token = await tokenMailedTo(email);
    const unverified = await createAccount(server, { email, emailVerified: false });
    // Anyone may sign up with an address: until verified, it stays masked.
    expect(await linkSays(token, apiSession(server, unverified.idToken))).toMatchObject({
      email: `${email[0]}***@example.org`,
      forCaller: true,
    });
    const early = await accept(apiSession(server, unverified.idToken), token);
    expect(early.status).toBe(403);
    expect(early.json()).toMatchObject({ code: 'email_not_verified' });

    const other = await signedInAs(server, 'student', 'someone-else');
    const refused = await accept(other.session, token);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(refused.json<{ detail: string }>().detail).toContain(`${email[0]}***@example.org`);
    expect(refused.json<{ detail: string }>().detail).toContain(other.email);
    expect(await linkSays(token, other.session)).toMatchObject({ forCaller: false });
  });

  it('says a withdrawn invitation is withdrawn, and will not accept it', async () => {
    const classroom = await newClassroom(teacher);
    const student = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, student.email);
    const token = await tokenMailedTo(student.email);
    const withdrawn = await teacher.session.call(
      'DELETE',
      `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(student.email)}`,
    );
    expect(withdrawn.status).toBe(204);
    expect(await linkSays(token)).toMatchObject({ state: 'withdrawn' });
    const refused = await accept(student.session, token);
    expect(refused.status).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'invitation_withdrawn' });
  });

  it('says a declined invitation has nothing left to accept', async () => {
    const classroom = await newClassroom(teacher);
    const student = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, student.email);
    const token = await tokenMailedTo(student.email);
    const declined = await student.session.call(
      'DELETE',
      `/classrooms/${classroom.id}/members/${student.id}`,
    );
    expect(declined.status).toBe(204);
    expect((await accept(student.session, token)).json()).toMatchObject({
      code: 'invitation_withdrawn',
    });
  });

  it('will not accept a request to join made after a decline, even through a link left open', async () => {
    const classroom = await newClassroom(teacher);
    const student = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, student.email);
    const token = await tokenMailedTo(student.email);
    await student.session.call('DELETE', `/classrooms/${classroom.id}/members/${student.id}`);
    expect(await linkSays(token)).toMatchObject({ state: 'withdrawn' });
    const asked = await student.session.call('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    expect(asked.json()).toMatchObject({ status: 'PendingApproval' });
    expect((await accept(student.session, token)).json()).toMatchObject({
      code: 'invitation_withdrawn',
    });
    // A link closed by nothing (as links were before declines closed them) still cannot.
    await server.db
      .update(invitationLinks)
      .set({ withdrawnAt: null })
      .where(eq(invitationLinks.classroomId, classroom.id));
    const refused = await accept(student.session, token);
    expect(refused.status).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'invitation_withdrawn' });
    expect(await statusOf(classroom.id, student.id)).toBe('PendingApproval');
  });

  it('closes the links of a removed member, and of an invitation accepted by code', async () => {
    const classroom = await newClassroom(teacher);
    const [removed, joined] = [
      await signedInAs(server, 'student'),
      await signedInAs(server, 'student'),
    ];
    for (const student of [removed, joined]) await invite(teacher, classroom.id, student.email);
    await teacher.session.call('DELETE', `/classrooms/${classroom.id}/members/${removed.id}`);
    expect(await linkSays(await tokenMailedTo(removed.email))).toMatchObject({
      state: 'withdrawn',
    });
    await joined.session.call('POST', '/classrooms/join', { classroomCode: classroom.joinCode });
    expect(await statusOf(classroom.id, joined.id)).toBe('Accepted');
    const token = await tokenMailedTo(joined.email);
    expect(await linkSays(token)).toMatchObject({ state: 'accepted' });
    expect((await accept(joined.session, token)).json()).toMatchObject({ status: 'Accepted' });
  });

  it('says an expired link has expired, and will not accept it', async () => {
    const classroom = await newClassroom(teacher);
    const student = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, student.email);
    const token = await tokenMailedTo(student.email);
    await server.db
      .update(invitationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationLinks.classroomId, classroom.id));
    expect(await linkSays(token)).toMatchObject({ state: 'expired' });
    const refused = await accept(student.session, token);
    expect(refused.status).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'invitation_expired' });
  });
});

describe('sending an invitation again', () => {
  const resend = (by: Inviter, classroomId: string, email: string) =>
    by.session.call(
      'POST',
      `/classrooms/${classroomId}/invitations/resend?userEmail=${encodeURIComponent(email)}`,
    );
  /** As if the last mail to `email` had gone `minutes` ago. */
  const mailedAgo = (classroomId: string, email: string, minutes: number) =>
    server.db
      .update(invitationLinks)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(and(eq(invitationLinks.classroomId, classroomId), eq(invitationLinks.email, email)));

  it('mails a new link once ten minutes have passed, for an account or an address alone; both links work', async () => {
    const student = await signedInAs(server, 'student');
    const stranger = uniqueEmail('stranger');
    // Each its own teacher: two invitations and two resends pass the daily limit of one.
    const classroom = await newClassroom(teacher);
    const other = await signedInAs(server, 'teacher');
    const otherClassroom = await newClassroom(other);
    for (const [inviter, room, email] of [
      [teacher, classroom, student.email],
      [other, otherClassroom, stranger],
    ] as const) {
      await invite(inviter, room.id, email);
      const early = await resend(inviter, room.id, email);
      expect(early.status).toBe(429);
      expect(early.json()).toMatchObject({ code: 'invitation_sent_recently' });
      expect(early.json<{ detail: string }>().detail).toMatch(
        /^This invitation was mailed less than 10 minutes ago: send it again in (10 minutes|9 minutes)$/,
      );
      expect(await mailsTo(email)).toHaveLength(1);
      await mailedAgo(room.id, email, 11);
      const again = await resend(inviter, room.id, email);
      expect(again.status).toBe(200);
      expect(again.json()).toEqual({ email, status: 'Invited' });
      expect(await mailsTo(email)).toHaveLength(2);
    }
    const [newest, first] = await mailsTo(student.email);
    expect(newest?.textBody).toContain('Crypto 101');
    expect(newest?.textBody).not.toBe(first?.textBody);
    const accepted = await accept(student.session, await tokenMailedTo(student.email));
    expect(accepted.json()).toMatchObject({ status: 'Accepted' });
  });

  it('refuses what no invitation waits for, and anyone but the classroom’s teachers', async () => {
    const classroom = await newClassroom(teacher);
    const member = await signedInAs(server, 'student');
    await invite(teacher, classroom.id, member.email);
    await accept(member.session, await tokenMailedTo(member.email));
    const nobody = await resend(teacher, classroom.id, uniqueEmail('never-invited'));
    expect(nobody.status).toBe(404);
    expect(nobody.json()).toMatchObject({
      detail: 'No invitation to this email waits in this classroom',
    });
    expect((await resend(teacher, classroom.id, member.email)).status).toBe(404);
    const invitee = uniqueEmail('invitee');
    await invite(teacher, classroom.id, invitee);
    await mailedAgo(classroom.id, invitee, 11);
    expect([403, 404]).toContain((await resend(member, classroom.id, invitee)).status);
  });

  it('counts in the daily allowance', async () => {
    const classroom = await newClassroom(teacher);
    const emails = Array.from({ length: PER_DAY }, () => uniqueEmail('s'));
    for (const email of emails) await invite(teacher, classroom.id, email);
    const email = emails[0] as string;
    await mailedAgo(classroom.id, email, 11);
    const refused = await resend(teacher, classroom.id, email);
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'invitation_limit' });
  });
});

describe('the daily limit', () => {
  it(`stops a teacher at ${PER_DAY} mails in 24 hours, naming the limit and when it frees up`, async () => {
    const inviter = teacher;
    const classroom = await newClassroom(inviter);
    for (let sent = 0; sent < PER_DAY; sent++) {
      expect((await invite(inviter, classroom.id, uniqueEmail('s'))).status).toBe(201);
    }
    const email = uniqueEmail('one-too-many');
    const refused = await invite(inviter, classroom.id, email);
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'invitation_limit' });
    const { detail } = refused.json<{ detail: string }>();
    expect(detail).toContain(`${PER_DAY} of the ${PER_DAY}`);
    const freesAt = new Date(/from (\S+)$/.exec(detail)?.[1] ?? '').getTime();
    expect(freesAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Refused whole: no invitation waits and no mail went out.
    expect(await mailsTo(email)).toEqual([]);
    expect((await invite(inviter, classroom.id, email)).status).toBe(429);

    // Mails older than 24 hours no longer count.
    await server.db
      .update(invitationLinks)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(invitationLinks.invitedBy, inviter.id));
    expect((await invite(inviter, classroom.id, email)).status).toBe(201);
  });

  it('lets only the allowance through when invitations arrive at once', async () => {
    const classroom = await newClassroom(teacher);
    const answers = await Promise.all(
      Array.from({ length: PER_DAY + 3 }, () => invite(teacher, classroom.id, uniqueEmail('s'))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(PER_DAY).fill(201), 429, 429, 429]);
    const sent = await server.db
      .select()
      .from(invitationLinks)
      .where(eq(invitationLinks.invitedBy, teacher.id));
    expect(sent).toHaveLength(PER_DAY);
  });

  it(`keeps a teacher who signed up as one to ${PER_DAY_UNAPPROVED} mails until an admin approves them`, async () => {
    const email = uniqueEmail('self-made-teacher');
    const registered = await anonymous().call('POST', '/auth/register', {
      email,
      password: TEST_PASSWORD,
      displayName: 'Mallory',
      roleId: 2,
    });
    expect(registered.status).toBe(201);
    const { id } = registered.json<{ id: string }>();
    // The address confirmed, as its owner would from the verification mail.
    await server.db.execute(
      sql`update identity.accounts set email_verified = true where email = ${email}`,
    );
    const unapproved = { session: apiSession(server, await signIn(server, email)) };
    const classroom = await newClassroom(unapproved);
    for (let sent = 0; sent < PER_DAY_UNAPPROVED; sent++) {
      expect((await invite(unapproved, classroom.id, uniqueEmail('s'))).status).toBe(201);
    }
    const refused = await invite(unapproved, classroom.id, uniqueEmail('one-too-many'));
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'invitation_limit' });
    expect(refused.json<{ detail: string }>().detail).toContain(
      `${PER_DAY_UNAPPROVED} of the ${PER_DAY_UNAPPROVED} invitation mails a teacher not yet approved by an admin may send`,
    );

    // Admins find them among those awaiting approval, and approving lifts the allowance.
    const admin = await signedInAs(server, 'admin');
    const awaiting = await admin.session.call('GET', '/users?awaitingApproval=true&pageSize=100');
    expect(awaiting.json<UserList>().items.find((user) => user.id === id)).toMatchObject({
      roleId: 2,
      awaitingTeacherApproval: false,
      unapprovedTeacher: true,
    });
    const approved = await admin.session.call('POST', `/users/${id}/approve-teacher`);
    expect(approved.status).toBe(200);
    expect(approved.json<ManagedUser>()).toMatchObject({ roleId: 2, unapprovedTeacher: false });
    // They could teach already: nothing to tell them.
    expect(
      await server.db.select().from(notifications).where(eq(notifications.userId, id)),
    ).toEqual([]);
    expect((await invite(unapproved, classroom.id, uniqueEmail('s'))).status).toBe(201);
    expect((await invite(unapproved, classroom.id, uniqueEmail('s'))).status).toBe(429);
  });

  it('lets admins invite past it', async () => {
    const admin = await signedInAs(server, 'admin');
    const classroom = await newClassroom(admin);
    for (let sent = 0; sent <= PER_DAY; sent++) {
      expect((await invite(admin, classroom.id, uniqueEmail('s'))).status).toBe(201);
    }
  });
});
