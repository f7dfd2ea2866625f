import type { NotificationList } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer } from '../../../test/support';
import { type Person, signedInAs } from '../../../test/support/people';
import { notifications } from '../../db/schema';
import { notify } from '../../notifications/notify';

let server: ApiServer;
let student: Person;
let other: Person;
let admin: Person;

beforeAll(async () => {
  server = await startApiServer();
  [student, other, admin] = await Promise.all([
    signedInAs(server, 'student'),
    signedInAs(server, 'student', 'other'),
    signedInAs(server, 'admin'),
  ]);
});
afterAll(() => server.close());

const inbox = async (by: Person, of: Person = by) => {
  const response = await by.session.call('GET', `/users/${of.id}/notifications`);
  expect(response.status).toBe(200);
  return response.json<NotificationList>();
};

describe('notifications', () => {
  it('lists newest first with the unread count, and marks given or all as read', async () => {
    // A second apart: rows made within the clock's resolution would share their time.
    const start = Date.now() - 10_000;
    for (const [index, classroomName] of ['First', 'Second', 'Third'].entries()) {
      await notify(server.db, [student.id], 'JoinApproved', { classroomName });
      await server.db
        .update(notifications)
        .set({ createdAt: new Date(start + index * 1000) })
        .where(sql`${notifications.data}->>'classroomName' = ${classroomName}`);
    }
    const listed = await inbox(student);
    expect(listed.unreadCount).toBe(3);
    expect(listed.items.map((n) => n.data.classroomName)).toEqual(['Third', 'Second', 'First']);
    expect(listed.items[0]).toMatchObject({ type: 'JoinApproved', readAt: null });

    const first = listed.items[2]?.id;
    const marked = await student.session.call('POST', `/users/${student.id}/notifications/read`, {
      ids: [first],
    });
    expect(marked.status).toBe(204);
    const after = await inbox(student);
    expect(after.unreadCount).toBe(2);
    expect(after.items[2]?.readAt).toEqual(expect.any(String));

    await student.session.call('POST', `/users/${student.id}/notifications/read`, {});
    expect((await inbox(student)).unreadCount).toBe(0);
  });

  it('are the user’s own: admins may read them, nobody else; only the user marks them', async () => {
    await notify(server.db, [other.id], 'InvitationReceived', { classroomName: 'X' });
    expect((await student.session.call('GET', `/users/${other.id}/notifications`)).status).toBe(
      403,
    );
    expect((await inbox(admin, other)).unreadCount).toBe(1);
    const byAdmin = await admin.session.call('POST', `/users/${other.id}/notifications/read`, {});
    expect(byAdmin.status).toBe(403);
    const foreignIds = (await inbox(other)).items.map((n) => n.id);
    await student.session.call('POST', `/users/${student.id}/notifications/read`, {
      ids: foreignIds,
    });
    expect((await inbox(other)).unreadCount).toBe(1);
  });

  it('validates ids', async () => {
    const response = await student.session.call('POST', `/users/${student.id}/notifications/read`, {
      ids: ['not-a-uuid'],
    });
    expect(response.status).toBe(400);
  });
});

describe('PATCH /users/:id/role', () => {
  it('lets admins change roles, but not their own away from admin', async () => {
    const changed = await admin.session.call('PATCH', `/users/${student.id}/role`, { roleId: 2 });
    expect(changed.status).toBe(200);
    expect(changed.json()).toMatchObject({ id: student.id, roleId: 2 });
    expect((await student.session.call('GET', '/users/me')).json()).toMatchObject({ roleId: 2 });

    const demoted = await admin.session.call('PATCH', `/users/${admin.id}/role`, { roleId: 1 });
    expect(demoted.status).toBe(409);
    expect(demoted.json()).toMatchObject({ code: 'cannot_demote_self' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await admin.session.call('PATCH', `/users/${unknown}/role`, { roleId: 1 })).status,
    ).toBe(404);
    expect(
      (await admin.session.call('PATCH', `/users/${other.id}/role`, { roleId: 3 })).status,
    ).toBe(200);
  });

  it('is for admins only, and takes only known roles', async () => {
    expect(
      (await student.session.call('PATCH', `/users/${student.id}/role`, { roleId: 3 })).status,
    ).toBe(403);
    const fresh = await signedInAs(server, 'teacher');
    expect(
      (await fresh.session.call('PATCH', `/users/${fresh.id}/role`, { roleId: 3 })).status,
    ).toBe(403);
    expect(
      (await admin.session.call('PATCH', `/users/${fresh.id}/role`, { roleId: 5 })).status,
    ).toBe(400);
  });
});
