import { ROLE, type UserList } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, signIn, startApiServer } from '../../../test/support';
import { type Person, signedInAs } from '../../../test/support/people';
import { setUserDisabled } from '../../accounts/set-disabled';
import type { ApiDatabase } from '../../db';
import { users } from '../../db/schema';
import { createIdentityAdmin, type IdentityAdmin } from '../../identity-admin/client';

let server: ApiServer;
let admin: Person;
let ada: Person;
let grace: Person;
let students: Person[];

const rename = (person: Person, displayName: string) =>
  server.db.update(users).set({ displayName }).where(eq(users.id, person.id));

const list = async (query: string, by: Person = admin) => {
  const response = await by.session.call('GET', `/users?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.json<UserList>();
};

const rowOf = async (person: Person) => {
  const [row] = await server.db.select().from(users).where(eq(users.id, person.id));
  return row;
};

beforeAll(async () => {
  server = await startApiServer();
  [admin, ada, grace, ...students] = await Promise.all([
    signedInAs(server, 'admin'),
    signedInAs(server, 'student', 'ada'),
    signedInAs(server, 'teacher', 'grace'),
    ...[1, 2, 3].map((n) => signedInAs(server, 'student', `pupil-${n}`)),
  ]);
  await rename(ada, 'Ada Lovelace');
  await rename(grace, 'Grace_Hopper');
});
afterAll(() => server.close());

describe('GET /users', () => {
  it('lists every user with what admins need, ordered by email', async () => {
    const all = await list('pageSize=100');
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 100, pageCount: 1 });
    const emails = all.items.map((user) => user.email);
    expect(emails).toEqual([...emails].sort());
    expect(all.items.find((user) => user.id === ada.id)).toEqual({
      id: ada.id,
      email: ada.email,
      emailVerified: true,
      displayName: 'Ada Lovelace',
      photoUrl: null,
      roleId: ROLE.student,
      awaitingTeacherApproval: false,
      disabled: false,
      unapprovedTeacher: false,
      createdAt: expect.any(String),
    });
  });

  it('searches email and name, trimmed and ignoring case, with % and _ as plain characters', async () => {
    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).items.map((user) => user.id);
    expect(await ids('  LOVELACE ')).toEqual([ada.id]);
    expect(await ids(grace.email.slice(0, 10).toUpperCase())).toEqual([grace.id]);
    expect(await ids('_')).toEqual([grace.id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('pupil-')).toHaveLength(3);
  });

  it('filters by role, together with the search', async () => {
    expect((await list(`role=${ROLE.teacher}`)).items.map((user) => user.id)).toEqual([grace.id]);
    expect((await list(`role=${ROLE.student}&search=pupil`)).total).toBe(3);
    expect((await list(`role=${ROLE.guest}`)).items).toEqual([]);
  });

  it('pages in SQL: every user once, across pages of the chosen size', async () => {
    const first = await list('pageSize=4&page=1');
    const second = await list('pageSize=4&page=2');
    expect(first).toMatchObject({ total: 6, pageCount: 2 });
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    const all = await list('pageSize=100');
    expect([...first.items, ...second.items]).toEqual(all.items);
    expect((await list('pageSize=4&page=3')).items).toEqual([]);
  });

  it('is for admins only, and refuses bad queries', async () => {
    for (const person of [ada, grace]) {
      const refused = await person.session.call('GET', '/users');
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
    for (const query of ['role=5', 'role=admin', 'page=0', 'pageSize=101']) {
      expect((await admin.session.call('GET', `/users?${query}`)).status).toBe(400);
    }
  });
});

describe('PATCH /users/:id/role', () => {
  it('answers the user as the users page shows them, and applies to their next request', async () => {
    const [pupil] = students;
    if (!pupil) throw new Error('no pupil');
    const roleOf = async () => (await pupil.session.call('GET', '/users/me')).json().roleId;
    expect(await roleOf()).toBe(ROLE.student);
    const changed = await admin.session.call('PATCH', `/users/${pupil.id}/role`, {
      roleId: ROLE.teacher,
    });
    expect(changed.status).toBe(200);
    expect(changed.json()).toMatchObject({ id: pupil.id, roleId: ROLE.teacher, disabled: false });
    expect((await list(`role=${ROLE.teacher}`)).total).toBe(2);
    expect(await roleOf()).toBe(ROLE.teacher);
  });

  it('never lets an admin demote themselves', async () => {
    const demoted = await admin.session.call('PATCH', `/users/${admin.id}/role`, {
      roleId: ROLE.student,
    });
    expect(demoted.status).toBe(409);
    expect(demoted.json()).toMatchObject({ code: 'cannot_demote_self' });
  });
});

describe('POST /users/:id/disable and /enable', () => {
  it('disables: the API refuses the tokens they hold, and they cannot sign in', async () => {
    const target = await signedInAs(server, 'student', 'target');
    expect((await target.session.call('GET', '/users/me')).status).toBe(200);

    const disabled = await admin.session.call('POST', `/users/${target.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.json()).toMatchObject({ id: target.id, disabled: true });
    const since = (await rowOf(target))?.disabledAt;
    expect(since).toBeInstanceOf(Date);

    const refused = await target.session.call('GET', '/users/me');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'account_disabled',
      detail: 'This account has been disabled',
    });
    await expect(signIn(server, target.email)).rejects.toThrow('USER_DISABLED');
    const listed = await list(`search=${encodeURIComponent(target.email)}`);
    expect(listed.items[0]?.disabled).toBe(true);

    // Again: nothing changes, not even the time it was disabled.
    expect((await admin.session.call('POST', `/users/${target.id}/disable`)).status).toBe(200);
    expect((await rowOf(target))?.disabledAt).toEqual(since);

    const enabled = await admin.session.call('POST', `/users/${target.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await target.session.call('GET', '/users/me')).status).toBe(200);
    expect(await signIn(server, target.email)).toEqual(expect.any(String));
  });

  it('is for admins only, never on themselves, and 404 for an unknown user', async () => {
    for (const action of ['disable', 'enable']) {
      const self = await admin.session.call('POST', `/users/${admin.id}/${action}`);
      expect(self.status).toBe(409);
      expect(self.json()).toMatchObject({ code: 'cannot_disable_self' });
      const byTeacher = await grace.session.call('POST', `/users/${ada.id}/${action}`);
      expect(byTeacher.status).toBe(403);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await admin.session.call('POST', `/users/${unknown}/${action}`)).status).toBe(404);
    }
    expect((await rowOf(ada))?.disabledAt).toBeNull();
    expect((await ada.session.call('GET', '/users/me')).status).toBe(200);
  });

  it('leaves the user as they were when the identity service refuses', async () => {
    const orphan = await signedInAs(server, 'student', 'orphan');
    const row = await rowOf(orphan);
    // The identity account is gone, so the identity service answers USER_NOT_FOUND.
    const deleted = await fetch(
      `${server.origin}/identity/admin/v1/accounts/${encodeURIComponent(row?.identityUid ?? '')}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${server.adminSecret}` } },
    );
    expect(deleted.status).toBe(200);

    const response = await admin.session.call('POST', `/users/${orphan.id}/disable`);
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    // Unless the account events removed it meanwhile, the row is as it was.
    const after = await rowOf(orphan);
    if (after) expect(after).toEqual(row);
  });

  it('undoes the identity change when the product user cannot follow', async () => {
    const vanishing = await signedInAs(server, 'student', 'vanishing');
    const identity = createIdentityAdmin({ baseUrl: server.origin, secret: server.adminSecret });
    const calls: boolean[] = [];
    // The user is deleted while the identity service disables their account.
    const identityAdmin: IdentityAdmin = {
      ...identity,
      async setDisabled(uid, disabled) {
        calls.push(disabled);
        await identity.setDisabled(uid, disabled);
        if (disabled) await server.db.delete(users).where(eq(users.id, vanishing.id));
      },
    };
    const actor = { id: admin.id, roleId: ROLE.admin };
    await expect(
      setUserDisabled(
        { db: server.db, identityAdmin, targets: server.targets },
        actor,
        vanishing.id,
        true,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(calls).toEqual([true, false]);
    expect(await signIn(server, vanishing.email)).toEqual(expect.any(String));
  });

  it('keeps the account disabled on both sides when stopping its targets fails', async () => {
    const target = await signedInAs(server, 'student', 'stuck-targets');
    const identity = createIdentityAdmin({ baseUrl: server.origin, secret: server.adminSecret });
    const calls: boolean[] = [];
    const identityAdmin: IdentityAdmin = {
      ...identity,
      async setDisabled(uid, disabled) {
        calls.push(disabled);
        await identity.setDisabled(uid, disabled);
      },
    };
    // The targets' database fails once the account is disabled.
    const unreachable = {
      update: () => {
        throw new Error('connection lost');
      },
    } as unknown as ApiDatabase;
    await expect(
      setUserDisabled(
        { db: server.db, identityAdmin, targets: { ...server.targets, db: unreachable } },
        { id: admin.id, roleId: ROLE.admin },
        target.id,
        true,
      ),
    ).rejects.toThrow('connection lost');
    expect(calls).toEqual([true]);
    expect((await rowOf(target))?.disabledAt).toBeInstanceOf(Date);
    await expect(signIn(server, target.email)).rejects.toThrow('USER_DISABLED');
  });
});

describe('a disabled user', () => {
  it('is refused on every route, before anything else is checked', async () => {
    const [, pupil] = students;
    if (!pupil) throw new Error('no pupil');
    await admin.session.call('POST', `/users/${pupil.id}/disable`);
    for (const [method, url] of [
      ['GET', '/classrooms'],
      ['GET', '/hacking-labs'],
      ['GET', `/users/${pupil.id}/notifications`],
    ] as const) {
      const refused = await pupil.session.call(method, url);
      expect(refused.status, url).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('account_disabled');
    }
    await admin.session.call('POST', `/users/${pupil.id}/enable`);
  });
});
