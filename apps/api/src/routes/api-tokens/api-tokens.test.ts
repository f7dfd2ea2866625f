import {
  API_TOKENS_PER_USER,
  type ApiTokenList,
  type ApiTokenPage,
  type CreatedApiToken,
} from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, apiSession, startApiServer } from '../../../test/support';
import { type Person, signedInAs } from '../../../test/support/people';
import { apiTokens, users } from '../../db/schema';

let server: ApiServer;
let student: Person;
let teacher: Person;
let admin: Person;

beforeAll(async () => {
  server = await startApiServer();
  [student, teacher, admin] = await Promise.all([
    signedInAs(server, 'student'),
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
  ]);
});
afterAll(() => server.close());

const create = async (
  by: Person,
  scopes: string[] = ['read', 'write'],
  name = 'Grades export',
): Promise<CreatedApiToken> => {
  const response = await by.session.call('POST', '/users/me/api-tokens', {
    name,
    scopes,
    expiresInDays: 30,
  });
  expect(response.status).toBe(201);
  return response.json<CreatedApiToken>();
};

/** A script: the token in the Authorization header, no cookie, no anti-forgery token. */
const script = (secret: string) => apiSession(server, secret);

describe('personal API tokens', () => {
  it('are shown once, stored hashed, and listed by their prefix', async () => {
    const { token, secret } = await create(student);
    expect(secret).toMatch(/^hcp_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Grades export', scopes: ['read', 'write'] });
    expect(secret.startsWith(token.prefix)).toBe(true);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(30 * 86_400_000);

    const [row] = await server.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(token.prefix.length));

    const listed = await student.session.call('GET', '/users/me/api-tokens');
    expect(listed.json<ApiTokenList>().tokens.map((t) => t.id)).toContain(token.id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('call the API without the anti-forgery token, and record when they were last used', async () => {
    const { token, secret } = await create(student);
    const me = await script(secret).send('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ id: student.id });
    const marked = await script(secret).send('POST', `/users/${student.id}/notifications/read`, {
      body: {},
    });
    expect(marked.status).toBe(204);
    const listed = (await student.session.call('GET', '/users/me/api-tokens')).json<ApiTokenList>();
    expect(listed.tokens.find((t) => t.id === token.id)?.lastUsedAt).toEqual(expect.any(String));
  });

  it('do only what their scopes allow', async () => {
    const readOnly = script((await create(student, ['read'])).secret);
    const denied = await readOnly.send('POST', `/users/${student.id}/notifications/read`, {
      body: {},
    });
    expect(denied.status).toBe(403);
    expect(denied.json()).toMatchObject({
      code: 'insufficient_scope',
      detail: 'This API token lacks the write scope: create a token with it to do this',
    });
    const writeOnly = script((await create(student, ['write'])).secret);
    expect((await writeOnly.send('GET', '/users/me')).json()).toMatchObject({
      code: 'insufficient_scope',
    });
  });

  it('cannot manage tokens nor delete an account', async () => {
    const { secret } = await create(student);
    const attempts = [
      await script(secret).send('GET', '/users/me/api-tokens'),
      await script(secret).send('POST', '/users/me/api-tokens', {
        body: { name: 'More', scopes: ['read'], expiresInDays: 7 },
      }),
      await script(secret).send('DELETE', '/users/me', { body: { email: student.email } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.json()).toMatchObject({ code: 'browser_session_required' });
    }
  });

  it('are refused from the request after they are revoked, and only by their owner', async () => {
    const { token, secret } = await create(student);
    expect((await script(secret).send('GET', '/users/me')).status).toBe(200);
    const byOther = await teacher.session.call('DELETE', `/users/me/api-tokens/${token.id}`);
    expect(byOther.status).toBe(404);
    const revoked = await student.session.call('DELETE', `/users/me/api-tokens/${token.id}`);
    expect(revoked.status).toBe(204);
    const refused = await script(secret).send('GET', '/users/me');
    expect(refused.status).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'invalid_token',
      detail: 'This API token is unknown, expired or revoked: create another on your profile',
    });
  });

  it('are refused once expired, and when malformed or unknown', async () => {
    const { token, secret } = await create(student);
    await server.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    expect((await script(secret).send('GET', '/users/me')).status).toBe(401);
    for (const bearer of ['hcp_short', `hcp_${'A'.repeat(43)}`, `${secret}x`]) {
      expect((await script(bearer).send('GET', '/users/me')).json()).toMatchObject({
        code: 'invalid_token',
      });
    }
  });

  it('of a disabled account are refused', async () => {
    const person = await signedInAs(server, 'student', 'disabled-later');
    const { secret } = await create(person);
    await server.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, person.id));
    const refused = await script(secret).send('GET', '/users/me');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_disabled' });
  });

  it('act as an admin only with the admin scope, which only admins may give', async () => {
    const asTeacher = script((await create(admin, ['read'])).secret);
    const refused = await asTeacher.send('GET', '/users');
    expect(refused.status).toBe(403);
    expect((await asTeacher.send('GET', '/users/me')).json()).toMatchObject({ roleId: 2 });
    const asAdmin = script((await create(admin, ['read', 'admin'])).secret);
    expect((await asAdmin.send('GET', '/users')).status).toBe(200);

    const byTeacher = await teacher.session.call('POST', '/users/me/api-tokens', {
      name: 'Mine',
      scopes: ['read', 'admin'],
      expiresInDays: 7,
    });
    expect(byTeacher.status).toBe(403);
    expect(byTeacher.json()).toMatchObject({
      detail: 'Only admins may give a token the admin scope',
    });
  });

  it('are listed for admins with their owners, searched, and revoked by them', async () => {
    const owner = await signedInAs(server, 'teacher', 'token-owner', 'Olga Owner');
    const { token, secret } = await create(owner, ['read'], 'CI import');
    expect((await teacher.session.call('GET', '/api-tokens')).status).toBe(403);
    const found = await admin.session.call('GET', '/api-tokens?search=olga');
    const page = found.json<ApiTokenPage>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: token.id,
      name: 'CI import',
      owner: { id: owner.id, name: 'Olga Owner', email: owner.email },
    });
    expect(JSON.stringify(page)).not.toContain(secret);
    expect((await teacher.session.call('DELETE', `/api-tokens/${token.id}`)).status).toBe(403);
    expect((await admin.session.call('DELETE', `/api-tokens/${token.id}`)).status).toBe(204);
    expect((await script(secret).send('GET', '/users/me')).status).toBe(401);
  });

  it(`are at most ${API_TOKENS_PER_USER} per person, expired ones not counted`, async () => {
    const person = await signedInAs(server, 'student', 'collector');
    const made = [];
    for (let n = 0; n < API_TOKENS_PER_USER; n++)
      made.push(await create(person, ['read'], `T${n}`));
    const over = await person.session.call('POST', '/users/me/api-tokens', {
      name: 'One more',
      scopes: ['read'],
      expiresInDays: 7,
    });
    expect(over.status).toBe(409);
    expect(over.json()).toMatchObject({ code: 'api_token_limit' });
    await server.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made[0]?.token.id ?? ''));
    await create(person, ['read'], 'One more');
  });

  it('refuse bad input with what to change', async () => {
    const cases: [unknown, string][] = [
      [{ name: ' ', scopes: ['read'], expiresInDays: 30 }, 'Name the token after what will use it'],
      [{ name: 'A', scopes: [], expiresInDays: 30 }, 'Choose at least one scope'],
      [{ name: 'A', scopes: ['read', 'read'], expiresInDays: 30 }, 'Name each scope once'],
      [
        { name: 'A', scopes: ['read'], expiresInDays: 1000 },
        'Choose a lifetime of 7, 30, 90, 365 days',
      ],
      [{ name: 'A', scopes: ['root'], expiresInDays: 30 }, 'read'],
    ];
    for (const [body, message] of cases) {
      const response = await student.session.call('POST', '/users/me/api-tokens', body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
  });
});
