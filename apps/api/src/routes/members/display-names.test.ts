import {
  type ClassroomAnalytics,
  fallbackName,
  type Leaderboard,
  type MemberList,
  type NotificationList,
} from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  createAccount,
  type Person,
  signedInAs,
  startApiServer,
  uniqueEmail,
} from '../../../test/support';
import { classroom } from '../../../test/support/labs';

let server: ApiServer;
let teacher: Person;
let classmate: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, classmate] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student', 'classmate'),
  ]);
});
afterAll(() => server.close());

describe('a user without a display name', () => {
  it('is named from their id, never their email, wherever others see them', async () => {
    const email = uniqueEmail('jane.doe');
    const { idToken } = await createAccount(server, { email, displayName: null });
    const nameless = apiSession(server, idToken);
    const { id } = (await nameless.call('GET', '/users/me')).json<{ id: string }>();
    const expected = fallbackName(id);
    expect(expected).toMatch(/^User [0-9A-F]{4}$/);

    const room = await classroom(server, teacher.id, {
      members: [[classmate.id, 'Accepted']],
    });
    const joined = await nameless.call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(joined.status).toBe(201);
    const inbox = (
      await teacher.session.call('GET', `/users/${teacher.id}/notifications`)
    ).json<NotificationList>();
    expect(inbox.items[0]).toMatchObject({ type: 'JoinRequested', data: { userName: expected } });
    const approved = await teacher.session.call('PATCH', `/classrooms/${room.id}/members/${id}`, {
      status: 'Accepted',
    });
    expect(approved.status).toBe(200);

    const seen = [
      (
        await classmate.session.call('GET', `/classrooms/${room.id}/leaderboard`)
      ).json<Leaderboard>().items,
      (await classmate.session.call('GET', `/classrooms/${room.id}/members`)).json<MemberList>()
        .items,
      (
        await teacher.session.call('GET', `/classrooms/${room.id}/analytics`)
      ).json<ClassroomAnalytics>().students,
    ].map((rows) => rows.find((row) => row.userId === id));
    for (const row of seen) expect(row).toMatchObject({ name: expected });
    expect(JSON.stringify(seen)).not.toContain('jane.doe');
  });
});
