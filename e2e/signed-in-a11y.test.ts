import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { signedUpClients } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { addLabToClassroom, createClassroom, createLab, joinAndApprove } from './support/seed';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

const teacher = testPerson('Ada Teacher', 'Teacher');
const student = testPerson('Sam Student', 'Student');
let classroomId = '';
let labSlug = '';

const wide = { viewport: { width: 1280, height: 900 } };

beforeAll(async () => {
  app = await startApp();
  const [teacherApi, studentApi] = await signedUpClients(app, teacher, student);

  const classroom = await createClassroom(teacherApi, {
    name: 'Web security 101',
    description: 'Injection, XSS and friends.',
    teacherName: teacher.name,
  });
  classroomId = classroom.id;

  const made = await createLab(
    teacherApi,
    {
      name: 'SQL injection basics',
      description: '# Goal\n\nLog in as **admin** without the password.',
      difficulty: 'Easy',
      category: 'Web',
      points: 100,
      flags: [{ value: 'flag{admin-without-password}' }],
    },
    { 'users.txt': 'admin:hunter2\n' },
  );
  labSlug = made.slug;
  await addLabToClassroom(teacherApi, classroomId, made.id);

  // An accepted member (for the members table and leaderboard) and a notification for them.
  await joinAndApprove(teacherApi, studentApi, classroom);
});

afterAll(async () => {
  await app?.close();
});

interface Screen {
  name: string;
  path: () => string;
  /** Something only the loaded screen shows. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

const screens: Screen[] = [
  { name: 'the dashboard', path: () => '/dashboard', ready: h1(/./) },
  {
    name: 'the classrooms index',
    path: () => '/classrooms',
    ready: (page) =>
      page
        .getByRole('link', { name: /Web security 101/ })
        .first()
        .waitFor(),
  },
  {
    name: "a classroom's overview",
    path: () => `/classrooms/${classroomId}`,
    ready: h1('Web security 101'),
  },
  {
    name: "a classroom's members",
    path: () => `/classrooms/${classroomId}/members`,
    ready: (page) => page.getByRole('table', { name: 'Members' }).getByText(student.name).waitFor(),
  },
  {
    name: "a classroom's settings",
    path: () => `/classrooms/${classroomId}/settings`,
    ready: (page) => page.getByRole('button', { name: /Save/ }).first().waitFor(),
  },
  {
    name: "a classroom's hacking labs",
    path: () => `/classrooms/${classroomId}/hacking-labs`,
    ready: (page) => page.getByText('SQL injection basics').first().waitFor(),
  },
  {
    name: 'the hacking labs index',
    path: () => '/hacking-labs',
    ready: (page) => page.getByText('SQL injection basics').first().waitFor(),
  },
  { name: 'create lab', path: () => '/hacking-labs/create', ready: h1('Create lab') },
  {
    name: 'a lab',
    path: () => `/hacking-labs/${labSlug}`,
    ready: h1('SQL injection basics'),
  },
  {
    name: 'add to classroom',
    path: () => `/hacking-labs/${labSlug}/add-to-classroom`,
    ready: h1(/./),
  },
  {
    name: 'the profile',
    path: () => '/profile/profile',
    ready: (page) =>
      page
        .getByRole('textbox', { name: /Display name/ })
        .first()
        .waitFor(),
  },
  {
    name: 'profile security',
    path: () => '/profile/security',
    ready: (page) =>
      page
        .getByRole('button', { name: /password/i })
        .first()
        .waitFor(),
  },
  {
    name: 'the notifications',
    path: () => '/profile/notifications',
    ready: (page) => page.getByRole('heading', { name: 'Notifications' }).waitFor(),
  },
  { name: 'analytics', path: () => '/analytics', ready: h1('Analytics') },
];

/**
 * Nothing still loading. Not `networkidle`: a classroom page keeps its live-events request open.
 */
const settled = (page: Page) =>
  expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);

// axe takes seconds per page; a loaded machine needs more than the default 30 s.
const axeTimeout = 90_000;

describe('accessibility of the signed-in screens', () => {
  for (const scheme of ['light', 'dark'] as const) {
    describe(`in ${scheme} mode`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await signedInPage(app, teacher, { ...wide, scheme: scheme });
      }, axeTimeout);

      for (const screen of screens) {
        it(
          `has no serious or critical axe violations on ${screen.name}`,
          async () => {
            await page.goto(`${app.server.url}${screen.path()}`);
            await screen.ready(page);
            await settled(page);
            expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(
              scheme,
            );
            expect(await seriousViolations(page)).toEqual([]);
          },
          axeTimeout,
        );
      }
    });
  }

  it(
    'has no serious or critical axe violations on a student’s classroom',
    async () => {
      const page = await signedInPage(app, student, { ...wide, scheme: 'dark' });
      await page.goto(`${app.server.url}/classrooms/${classroomId}`);
      await h1('Web security 101')(page);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
    },
    axeTimeout,
  );
});
