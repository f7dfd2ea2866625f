import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, demoTeacher } from '../apps/server/src/demo/demo-content';
import { seedDemo, serve } from './lighthouse/server';
import { signInAndFindClassroom } from './lighthouse/sign-in';

const dataDir = await mkdtemp(join(tmpdir(), 'cost-'));
await seedDemo(dataDir);
const app = await serve(dataDir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const context = await browser.newContext();
const classroom = await signInAndFindClassroom(
  context,
  app.origin,
  demoTeacher.email,
  DEMO_PASSWORD,
);
await new Promise((r) => setTimeout(r, 1000));
const cookie = (await context.cookies()).find((c) => c.name === 'hackclass_session');
await browser.close();
const token = cookie?.value ?? '';
console.log('cookie', !!cookie, token.length);
const time = async (label: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < 40; i++) await fn();
  console.log(label, ((performance.now() - start) / 40).toFixed(2), 'ms');
};
const api = (path: string) =>
  fetch(`${app.origin}/api${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
    r.text(),
  );
const me = JSON.parse(await api('/users/me'));
for (const [name, path, reads] of [
  [
    'dashboard',
    '/dashboard',
    ['/users/me', `/users/${me.id}/notifications`, '/classrooms', '/users/me/activity'],
  ],
  [
    'classroom',
    classroom,
    [
      '/users/me',
      `/users/${me.id}/notifications`,
      '/classrooms',
      `/api${classroom}`.slice(4),
      `${classroom}/leaderboard?page=1&pageSize=10`,
      `${classroom}/announcements?page=1&pageSize=5`,
    ],
  ],
] as const) {
  await time(`${name} page`, () =>
    fetch(`${app.origin}${path}`, {
      headers: { accept: 'text/html', cookie: `hackclass_session=${token}` },
    }).then(async (r) => {
      const t = await r.text();
      if (!t.includes('page-data')) throw new Error('not rendered');
    }),
  );
  await time(`${name} api reads`, () => Promise.all(reads.map(api)));
  await new Promise((r) => setTimeout(r, 61_000));
}
await app.stop();
