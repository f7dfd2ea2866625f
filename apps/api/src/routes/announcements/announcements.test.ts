import type { Announcement, AnnouncementList, NotificationList } from '@hackclass/contracts';
import { ANNOUNCEMENT_MAX_LENGTH } from '@hackclass/contracts';
import { startSmtpServer } from '@hackclass/identity/testing';
import { outbox } from '@hackclass/mail';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  type EventWatch,
  type Person,
  signedInAs,
  startApiServer,
  watchClassroom,
} from '../../../test/support';
import { classroom } from '../../../test/support/labs';
import { users } from '../../db/schema';
import { eventFrame } from '../event-stream';
import { ANNOUNCEMENTS_PER_HOUR } from '.';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ApiServer;
let teacher: Person;
let student: Person;
let outsider: Person;
const watches: EventWatch[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startApiServer({ smtpUrl: smtp.url });
  [teacher, student, outsider] = await Promise.all([
    signedInAs(server, 'teacher', 'teacher', 'Ms Rivest'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student', 'outsider'),
  ]);
});
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const post = (who: Person, classroomId: string, body: unknown) =>
  who.session.call('POST', `/classrooms/${classroomId}/announcements`, body);

async function posted(classroomId: string, body: string) {
  const response = await post(teacher, classroomId, { body });
  expect(response.status).toBe(201);
  return response.json<Announcement>();
}

async function list(who: Person, classroomId: string, query = '') {
  const response = await who.session.call(
    'GET',
    `/classrooms/${classroomId}/announcements${query}`,
  );
  expect(response.status).toBe(200);
  return response.json<AnnouncementList>();
}

/**
 * A received mail's text and HTML parts, quoted-printable decoded, without the text part's quote
 * marks, each run of spaces and line breaks one space.
 */
function partsOf(raw: string) {
  const part = (type: string) => {
    const [, body = ''] =
      new RegExp(`Content-Type: ${type}[^]*?\r\n\r\n([^]*?)\r\n--`).exec(raw) ?? [];
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, 'latin1')
      .toString('utf8')
      .replace(/^(> ?)+/gm, '')
      .replace(/\s+/g, ' ');
  };
  return { text: part('text/plain'), html: part('text/html') };
}

const inbox = async (who: Person) =>
  (await who.session.call('GET', `/users/${who.id}/notifications`)).json<NotificationList>();

describe('POST /classrooms/:id/announcements', () => {
  it('posts the trimmed Markdown with its author and notifies every accepted member', async () => {
    const [invitee, requester] = await Promise.all([
      signedInAs(server, 'student'),
      signedInAs(server, 'student'),
    ]);
    const room = await classroom(server, teacher.id, {
      members: [
        [student.id, 'Accepted'],
        [invitee.id, 'Invited'],
        [requester.id, 'PendingApproval'],
      ],
    });
    const body = `## Exam on **Friday**\n\nBring [the notes](https://notes.test). ${'More. '.repeat(40)}`;
    const announcement = await posted(room.id, `  ${body}  `);
    expect(announcement).toMatchObject({
      body: body.trim(),
      author: { id: teacher.id, name: 'Ms Rivest' },
      createdAt: expect.any(String),
    });

    const [notification] = (await inbox(student)).items;
    expect(notification).toMatchObject({
      type: 'Announcement',
      readAt: null,
      data: {
        classroomId: room.id,
        classroomName: room.name,
        announcementId: announcement.id,
        excerpt: expect.stringMatching(/^Exam on Friday Bring the notes\. More\. .*…$/),
      },
    });
    expect(notification?.data.excerpt?.length).toBeLessThanOrEqual(140);
    for (const notNotified of [invitee, requester, teacher]) {
      expect((await inbox(notNotified)).items.map((n) => n.type)).not.toContain('Announcement');
    }
  });

  it('mails it to every accepted member when asked, and to nobody otherwise', async () => {
    const invitee = await signedInAs(server, 'student');
    const room = await classroom(server, teacher.id, {
      members: [
        [student.id, 'Accepted'],
        [invitee.id, 'Invited'],
      ],
    });
    const mailsTo = (who: Person) =>
      server.db
        .select({ subject: outbox.subject })
        .from(outbox)
        .where(and(eq(outbox.toAddress, who.email), eq(outbox.kind, 'announcement')));
    await posted(room.id, 'Only in the app');
    expect(await mailsTo(student)).toEqual([]);

    const response = await post(teacher, room.id, { body: 'Exam **Friday**', emailMembers: true });
    expect(response.status).toBe(201);
    expect(await mailsTo(student)).toEqual([
      { subject: `${room.name}: an announcement from Ms Rivest` },
    ]);
    for (const notMailed of [invitee, teacher]) expect(await mailsTo(notMailed)).toEqual([]);
  });

  it('mails the text of links to other sites without their address, and our own links whole', async () => {
    const reader = await signedInAs(server, 'student');
    const room = await classroom(server, teacher.id, { members: [[reader.id, 'Accepted']] });
    const ours = `${server.publicUrl}/classrooms/${room.id}`;
    const arrived = smtp.expectMail(reader.email);
    const body = `Please log in at [HackClass](https://evil.example/login)\n\nThe labs are [here](${ours}).`;
    const response = await post(teacher, room.id, { body, emailMembers: true });
    expect(response.status).toBe(201);
    const mail = await arrived.arrived();
    expect(mail.raw).not.toContain('evil');
    const { text, html } = partsOf(mail.raw);
    for (const part of [text, html]) {
      expect(part).toContain('Please log in at HackClass');
      expect(part).not.toContain('evil.example');
      expect(part).toContain(`The labs are here (${ours}).`);
    }
    // The classroom shows the announcement as written.
    expect((await list(reader, room.id)).items[0]?.body).toBe(body);
  });

  it('tells open classroom pages, which refetch the list', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const watcher = await watchClassroom(server.origin, student.idToken, room.id);
    watches.push(watcher);
    await watcher.nextFrame();
    await posted(room.id, 'Hello class');
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'announcement' }));
  });

  it('refuses a member with 403 and an outsider with 404', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const byMember = await post(student, room.id, { body: 'Hi' });
    expect(byMember.status).toBe(403);
    expect(byMember.json()).toMatchObject({ code: 'forbidden' });
    const byOutsider = await post(outsider, room.id, { body: 'Hi' });
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.json()).toMatchObject({ code: 'not_found' });
    expect((await list(teacher, room.id)).total).toBe(0);
  });

  it('names the body when it is blank, too long or not text', async () => {
    const room = await classroom(server, teacher.id);
    for (const body of ['   ', 'x'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1), 42, 'a\u0000b']) {
      const refused = await post(teacher, room.id, { body });
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation_failed',
        errors: { body: [expect.any(String)] },
      });
    }
    const extra = await post(teacher, room.id, { body: 'Hi', pinned: true });
    expect(extra.status).toBe(400);
    expect((await list(teacher, room.id)).total).toBe(0);
  });

  it(`allows ${ANNOUNCEMENTS_PER_HOUR} posts an hour per classroom, then 429`, async () => {
    const poster = await signedInAs(server, 'teacher');
    const [busy, other] = await Promise.all([
      classroom(server, poster.id),
      classroom(server, poster.id),
    ]);
    for (let count = 0; count < ANNOUNCEMENTS_PER_HOUR; count++) {
      expect((await post(poster, busy.id, { body: `Note ${count}` })).status).toBe(201);
    }
    const refused = await post(poster, busy.id, { body: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await post(poster, other.id, { body: 'Elsewhere' })).status).toBe(201);
  });
});

describe('GET /classrooms/:id/announcements', () => {
  it('lists newest first, a page at a time, to members and the teacher', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    for (const body of ['First', 'Second', 'Third']) await posted(room.id, body);
    const first = await list(student, room.id, '?pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    expect(first.items.map((a) => a.body)).toEqual(['Third', 'Second']);
    const second = await list(teacher, room.id, '?page=2&pageSize=2');
    expect(second.items.map((a) => a.body)).toEqual(['First']);
  });

  it('keeps an announcement whose author’s account is gone, without an author', async () => {
    const author = await signedInAs(server, 'teacher');
    const room = await classroom(server, author.id, { members: [[student.id, 'Accepted']] });
    expect((await post(author, room.id, { body: 'Kept' })).status).toBe(201);
    await server.db.delete(users).where(eq(users.id, author.id));
    const [kept] = (await list(student, room.id)).items;
    expect(kept).toMatchObject({ body: 'Kept', author: null });
  });

  it('refuses invitees with 403 and outsiders with 404', async () => {
    const invitee = await signedInAs(server, 'student');
    const room = await classroom(server, teacher.id, { members: [[invitee.id, 'Invited']] });
    const path = `/classrooms/${room.id}/announcements`;
    expect((await invitee.session.call('GET', path)).status).toBe(403);
    expect((await outsider.session.call('GET', path)).status).toBe(404);
  });
});

describe('DELETE /classrooms/:id/announcements/:announcementId', () => {
  it('deletes for the teacher, tells open pages, and is 404 the second time', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const kept = await posted(room.id, 'Kept');
    const gone = await posted(room.id, 'Gone');
    const watcher = await watchClassroom(server.origin, student.idToken, room.id);
    watches.push(watcher);
    await watcher.nextFrame();
    const path = `/classrooms/${room.id}/announcements/${gone.id}`;
    expect((await student.session.call('DELETE', path)).status).toBe(403);
    expect((await teacher.session.call('DELETE', path)).status).toBe(204);
    expect(await watcher.nextFrame()).toBe(eventFrame({ type: 'announcement' }));
    expect((await list(student, room.id)).items.map((a) => a.id)).toEqual([kept.id]);
    const again = await teacher.session.call('DELETE', path);
    expect(again.status).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found' });
  });

  it('does not delete another classroom’s announcement through this one', async () => {
    const [mine, other] = await Promise.all([
      classroom(server, teacher.id),
      classroom(server, teacher.id),
    ]);
    const elsewhere = await posted(other.id, 'Elsewhere');
    const response = await teacher.session.call(
      'DELETE',
      `/classrooms/${mine.id}/announcements/${elsewhere.id}`,
    );
    expect(response.status).toBe(404);
    expect((await list(teacher, other.id)).total).toBe(1);
  });
});
