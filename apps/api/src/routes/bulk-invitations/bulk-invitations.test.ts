import {
  type BulkInvitationResult,
  type InvitationPreview,
  type MemberList,
  ROLE,
} from '@hackclass/contracts';
import { count, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer, uniqueEmail } from '../../../test/support';
import { classroom as insertClassroom } from '../../../test/support/labs';
import { type Person, signedInAs } from '../../../test/support/people';
import { emailInvitations, members } from '../../db/schema';
import { type BulkInviting, inviteMany } from '../../members/bulk-invitations/invite-many';

let server: ApiServer;
let teacher: Person;
let coTeacher: Person;
let otherTeacher: Person;
let member: Person;
let invited: Person;
let asking: Person;
let stranger: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, coTeacher, otherTeacher, member, invited, asking, stranger] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher', 'co-teacher'),
    signedInAs(server, 'teacher', 'other-teacher'),
    signedInAs(server, 'student', 'member'),
    signedInAs(server, 'student', 'invited'),
    signedInAs(server, 'student', 'asking'),
    signedInAs(server, 'student', 'stranger'),
  ]);
});
afterAll(() => server.close());

/** A classroom of `teacher` co-taught by `coTeacher`, with a member, an invitee and a request. */
async function busyClassroom() {
  const room = await insertClassroom(server, teacher.id, {
    members: [
      [member.id, 'Accepted'],
      [invited.id, 'Invited'],
      [asking.id, 'PendingApproval'],
    ],
  });
  const added = await teacher.session.call('POST', `/classrooms/${room.id}/co-teachers`, {
    email: coTeacher.email,
  });
  expect(added.status).toBe(201);
  return room;
}

const preview = (by: Person, classroomId: string, text: string) =>
  by.session.call('POST', `/classrooms/${classroomId}/invitations/preview`, { text });
const sendBulk = (by: Person, classroomId: string, emails: string[]) =>
  by.session.call('POST', `/classrooms/${classroomId}/invitations/bulk`, { emails });

describe('previewing a list', () => {
  it('says of each address where it stands in the classroom', async () => {
    const room = await busyClassroom();
    const waiting = uniqueEmail('waiting');
    expect((await sendBulk(teacher, room.id, [waiting])).status).toBe(200);
    const fresh = uniqueEmail('fresh');
    const text = [
      `Email,Name`,
      `${member.email.toUpperCase()},Member`,
      `${invited.email},Invited`,
      `${waiting},Waiting`,
      `${teacher.email},Teacher`,
      `${coTeacher.email},Co-teacher`,
      `${asking.email},Asking`,
      `${stranger.email},Stranger`,
      `${fresh},Fresh`,
      `not-an-address,Typo`,
      `${fresh.toUpperCase()},Again`,
    ].join('\n');

    const response = await preview(teacher, room.id, text);

    expect(response.status).toBe(200);
    const { rows, counts } = response.json<InvitationPreview>();
    expect(rows.map(({ line, status, reason }) => [line, status, reason])).toEqual([
      [2, 'already_member', 'Member already'],
      [3, 'already_invited', 'Invited already'],
      [4, 'already_invited', 'Invited already'],
      [5, 'already_member', 'Teaches this classroom'],
      [6, 'already_member', 'Co-teaches this classroom'],
      [7, 'new', 'Asked to join: the invitation approves the request'],
      [8, 'new', undefined],
      [9, 'new', undefined],
      [10, 'invalid', 'Not an email address'],
      [11, 'duplicate', 'Listed already on line 9'],
    ]);
    expect(rows[0]?.email).toBe(member.email.toLowerCase());
    expect(counts).toEqual({
      new: 3,
      already_member: 3,
      already_invited: 2,
      invalid: 1,
      duplicate: 1,
    });

    // Sending the list skips each address the preview said was there already, for its reason.
    const there = rows.filter((row) => row.status.startsWith('already_'));
    const sent = await sendBulk(
      teacher,
      room.id,
      there.map((row) => row.email),
    );
    expect(
      sent.json<BulkInvitationResult>().results.map(({ outcome, reason }) => [outcome, reason]),
    ).toEqual(there.map((row) => ['skipped', row.reason]));
  });

  it('reads the text of a file of nearly 1 MB, quotes and line breaks escaped', async () => {
    const room = await busyClassroom();
    const notes = `"${'a note, "quoted"\n'.repeat(131).replaceAll('"', '""')}"`;
    const text = [
      'email,notes',
      ...Array.from({ length: 400 }, (_, i) => `s${i}@example.org,${notes}`),
    ].join('\r\n');
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text.length).toBeLessThan(1_048_576);
    const response = await preview(teacher, room.id, text);
    expect(response.status).toBe(200);
    expect(response.json<InvitationPreview>().counts.new).toBe(400);
  });

  it('refuses a list of 501 addresses, naming the text', async () => {
    const room = await busyClassroom();
    const text = Array.from({ length: 501 }, (_, i) => `s${i}@example.org`).join('\n');
    const response = await preview(teacher, room.id, text);
    expect(response.status).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      text: ['The list holds 501 addresses; invite at most 500 at once'],
    });
  });

  it('is for whoever may invite: the co-teacher may, a member may not, others do not see it', async () => {
    const room = await busyClassroom();
    expect((await preview(coTeacher, room.id, stranger.email)).status).toBe(200);
    expect((await preview(member, room.id, stranger.email)).status).toBe(403);
    expect((await preview(otherTeacher, room.id, stranger.email)).status).toBe(404);
  });
});

describe('sending a list', () => {
  it('invites 50 addresses in one request, skipping a member and an address listed twice', async () => {
    const room = await busyClassroom();
    const fresh = Array.from({ length: 47 }, (_, i) => uniqueEmail(`class-${i}`));
    const emails = [...fresh, member.email, asking.email, fresh[0]?.toUpperCase() ?? ''];

    const response = await sendBulk(coTeacher, room.id, emails);

    expect(response.status).toBe(200);
    const { results } = response.json<BulkInvitationResult>();
    expect(results).toHaveLength(50);
    expect(results.filter((result) => result.outcome === 'invited')).toHaveLength(48);
    expect(results.slice(47)).toEqual([
      {
        email: member.email.toLowerCase(),
        outcome: 'skipped',
        reason: 'Member already',
      },
      {
        email: asking.email.toLowerCase(),
        outcome: 'invited',
        reason: 'Had asked to join: approved',
      },
      { email: fresh[0], outcome: 'skipped', reason: 'Listed twice' },
    ]);
    const roster = await teacher.session.call(
      'GET',
      `/classrooms/${room.id}/members?status=Invited&pageSize=100`,
    );
    // The 47 new addresses and the invitee from before.
    expect(roster.json<MemberList>().total).toBe(48);
    // A class invited at once is a bulk load: the planner knows how many rows it brought.
    for (const table of [emailInvitations, members]) {
      const [counted] = await server.db
        .select({
          rows: count(),
          estimated: sql<number>`(select reltuples::float8 from pg_class
            where oid = ${getTableConfig(table).name}::regclass)`.mapWith(Number),
        })
        .from(table);
      expect(counted?.estimated).toBe(counted?.rows);
    }
  });

  it('refuses more than 50 addresses or a malformed one, naming the field', async () => {
    const room = await busyClassroom();
    const many = Array.from({ length: 51 }, (_, i) => `s${i}@example.org`);
    const tooMany = await sendBulk(teacher, room.id, many);
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.json<{ errors: object }>().errors)).toEqual(['emails']);
    const malformed = await sendBulk(teacher, room.id, ['ok@example.org', 'nope']);
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.json<{ errors: object }>().errors)).toEqual(['emails.1']);
  });

  it('fails only the address the database fails on, logs why, and goes on', async () => {
    const room = await busyClassroom();
    const [before, after] = [uniqueEmail('before'), uniqueEmail('after')];
    const logged: unknown[] = [];
    const results = await inviteMany(
      {
        db: server.db,
        mailing: {
          publicUrl: server.origin,
          invitationsPerDay: 1000,
          invitationsPerDayUnapproved: 1000,
        },
        log: { error: (entry: unknown) => logged.push(entry) } as BulkInviting['log'],
      },
      room,
      { id: teacher.id, roleId: ROLE.teacher, displayName: 'Ada', teacherRequestedAt: null },
      // Text cannot hold a NUL byte: the database refuses this one address.
      [before, 'nul\u0000@example.org', after],
    );
    expect(results).toEqual([
      { email: before, outcome: 'invited' },
      {
        email: 'nul\u0000@example.org',
        outcome: 'failed',
        reason: 'Could not be invited; try again',
      },
      { email: after, outcome: 'invited' },
    ]);
    expect(logged).toEqual([expect.objectContaining({ classroomId: room.id })]);
  });

  it('is refused to a member of the classroom and unknown to another teacher', async () => {
    const room = await busyClassroom();
    expect((await sendBulk(member, room.id, [uniqueEmail('x')])).status).toBe(403);
    expect((await sendBulk(otherTeacher, room.id, [uniqueEmail('x')])).status).toBe(404);
  });
});
