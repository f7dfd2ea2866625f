import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSession, createAccount, TEST_API_KEY, uniqueEmail } from '@hackclass/api/testing';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import type { Classroom } from '@hackclass/contracts';
import { type Connection, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serverSchemas } from '../testing';
import { buildServer } from './server';

const FRAME_SCRIPT = "document.documentElement.dataset.frame = 'signed-in'";
const frame = (name: string) =>
  `<!doctype html><title>HackClass</title><div id="root" data-prerendered><!--hackclass:page--></div>` +
  `<!--hackclass:page-data--><script>${FRAME_SCRIPT}</script><!-- ${name} -->`;

/**
 * A renderer with the web app's interface: it shows what it was given, so that the test sees
 * what the server read for the page, and for whom.
 */
const RENDERER = `
export const userRead = (uid) => ({ queryKey: ['users', 'me', uid], path: '/users/me' });
export function signedInPageReads(pathname, me) {
  const notifications = { queryKey: ['notifications'], path: '/users/' + me.id + '/notifications' };
  if (pathname === '/dashboard') return [notifications, { queryKey: ['classrooms', 'list'], path: '/classrooms' }];
  const classroom = /^\\/classrooms\\/([^/]+)$/.exec(pathname);
  if (classroom) return [notifications, { queryKey: ['classrooms', 'detail'], path: '/classrooms/' + classroom[1] }];
  return undefined;
}
export function renderSignedInPage(pathname, account, me, responses, config) {
  const [notifications, page] = responses;
  const names = Array.isArray(page) ? page.map((classroom) => classroom.name) : [page.name];
  return {
    html: '<main data-api="' + config.apiBaseUrl + '">' + me.email + ' sees ' + names.length +
      ', ' + notifications.unreadCount + ' unread</main>',
    title: names.join(', '),
    data: { account, answers: [me, ...responses] },
  };
}
`;

let database: TestDatabase;
let connection: Connection;
let app: FastifyInstance;
let origin: string;
let adminSecret: string;
let teacher: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  const webRoot = mkdtempSync(join(tmpdir(), 'hackclass-web-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><title>HackClass</title><div id="root"></div>',
  );
  writeFileSync(join(webRoot, 'dashboard.html'), frame('dashboard'));
  writeFileSync(join(webRoot, 'classroom.html'), frame('classroom'));
  const webRenderer = join(webRoot, 'renderer.mjs');
  writeFileSync(webRenderer, RENDERER);
  const port = await freePort();
  adminSecret = randomBytes(32).toString('base64url');
  const config = loadConfig(serverConfigSchema, {
    PORT: String(port),
    DATA_DIR: database.dataDir,
    IDENTITY_API_KEY: TEST_API_KEY,
    IDENTITY_ADMIN_SECRET: adminSecret,
    ADMIN_EMAILS: 'teacher@pages.example.org',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  connection = await openConnection(config);
  app = await buildServer(
    { config, connection, logger: createLogger('silent') },
    { webRoot, webRenderer },
  );
  origin = await app.listen({ port, host: '127.0.0.1' });
  teacher = await signedIn('teacher@pages.example.org');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** Signs in, and keeps the page session as the web app does: its cookie, as a browser would. */
async function signedIn(email = uniqueEmail('pages')) {
  const { idToken } = await createAccount({ origin, adminSecret }, { email });
  const session = apiSession({ app }, idToken);
  const kept = await session.call('PUT', '/page-session', { keepSignedIn: true });
  expect(kept.status).toBe(204);
  const cookie = [kept.headers['set-cookie']]
    .flat()
    .find((line) => line?.startsWith('hackclass_session='));
  return { email, session, cookie: String(cookie).split(';')[0] ?? '' };
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

async function createClassroom(session: ReturnType<typeof apiSession>, name: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ name, description: 'A class', teacherName: 'Ada' })) {
    form.append(key, value);
  }
  const response = await session.callMultipart('POST', '/classrooms', form);
  expect(response.status).toBe(201);
  return response.json<Classroom>();
}

describe('signed-in pages rendered by the server', () => {
  it('render the dashboard for the page session’s user, with what the API answers them', async () => {
    await createClassroom(teacher.session, 'Web </script><script>alert(1)</script> 101');
    const response = await page('/dashboard', { cookie: teacher.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toContain('cookie');
    expect(response.body).toContain(
      '<main data-api="/api">teacher@pages.example.org sees 1, 0 unread</main>',
    );
    // The title and the page's data cannot end their element early, whatever a name holds.
    expect(response.body).toContain(
      '<title>Web &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; 101 | HackClass</title>',
    );
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(
      response.body,
    )?.[1];
    expect(data).toContain('\\u003c/script>');
    expect(JSON.parse(data ?? '')).toMatchObject({
      account: { email: 'teacher@pages.example.org', emailVerified: true },
      answers: [
        { email: 'teacher@pages.example.org' },
        { unreadCount: 0 },
        [{ name: expect.stringContaining('Web') }],
      ],
    });
    const hash = createHash('sha256').update(FRAME_SCRIPT).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('render a classroom its user may see, and leave one they may not to the app', async () => {
    const classroom = await createClassroom(teacher.session, 'Crypto Club');
    const shown = await page(`/classrooms/${classroom.id}`, { cookie: teacher.cookie });
    expect(shown.body).toContain('<title>Crypto Club | HackClass</title>');
    expect(shown.body).toContain('sees 1, 0 unread</main>');

    const outsider = await signedIn();
    const refused = await page(`/classrooms/${classroom.id}`, { cookie: outsider.cookie });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['cache-control']).toBe('no-cache');
    expect(refused.body).not.toContain('Crypto Club');
    expect(refused.body).toContain('<div id="root"></div>');
  });

  it('are the app’s own page without a page session, or with one the API refuses', async () => {
    const { cookie } = await signedIn();
    const sessions: Record<string, string>[] = [
      {},
      { cookie: 'hackclass_session=not-a-token' },
      {
        // Claims that look right, under no signature the API accepts.
        cookie: `hackclass_session=e30.${Buffer.from('{"sub":"x","email_verified":true}').toString('base64url')}.c2ln`,
      },
    ];
    for (const headers of sessions) {
      const response = await page('/dashboard', headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    const dropped = await apiSession({ app }).send('DELETE', '/page-session');
    expect(String(dropped.headers['set-cookie'])).toMatch(/^hackclass_session=;/);
    // A request that does not ask for a page gets no page.
    const json = await page('/dashboard', { cookie, accept: 'application/json' });
    expect(json.statusCode).toBe(404);
    expect(json.headers['content-type']).toContain('application/problem+json');
  });
});
