import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { type ApiClient, signedUpClients } from './support/api';
import { screenshotsIfFailed } from './support/pages';
import { missingForReplicas, type Replicas, startReplicas } from './support/replicas';
import { checkScreen } from './support/screens';
import { createClassroom, type SeededClassroom } from './support/seed';
import { signedInPage, WIDE_VIEWPORT } from './support/signed-in-page';

const missing = await missingForReplicas();
if (missing.length > 0) {
  console.warn(`Notifications on replicas not tested: no ${missing.join(' nor ')}`);
}

/**
 * Far less than the bell's own poll (two minutes): a notification seen within it came live, on
 * the replica the page is on, from a change made on the other.
 */
const LIVE_WITHIN_MS = 20_000;

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');

let replicas: Replicas;
let teacherApi: ApiClient;
let studentApi: ApiClient;
let classroom: SeededClassroom;
let teacherPage: Page | undefined;
let studentPage: Page | undefined;

beforeAll(async () => {
  if (missing.length > 0) return;
  replicas = await startReplicas();
  [[teacherApi], [studentApi]] = await Promise.all([
    signedUpClients(replicas.one, teacher),
    signedUpClients(replicas.two, student),
  ]);
  classroom = await createClassroom(teacherApi, {
    name: 'Replicas 101',
    teacherName: teacher.name,
  });
}, 240_000);

afterEach(({ task }) =>
  screenshotsIfFailed(task, 'live-notifications', { teacher: teacherPage, student: studentPage }),
);

afterAll(async () => {
  await replicas?.close();
});

/** The page's account menu, named with its unread count once there is one. */
const bell = (page: Page, name: string, unread = 0) =>
  page.getByRole('button', {
    name: `Account menu of ${name}${unread > 0 ? `, ${unread} unread notifications` : ''}`,
    exact: true,
  });

/** The unread count sits on the avatar's corner, not over its initials. */
async function expectBadgeBesideInitials(page: Page) {
  const [badge, avatar] = await page.evaluate(() =>
    ['.mantine-Indicator-indicator', '.mantine-Avatar-root'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box && { x: box.left + box.width / 2, y: box.top + box.height / 2, box: box.toJSON() };
    }),
  );
  expect(badge && avatar).toBeTruthy();
  if (!badge || !avatar) return;
  // Its centre on the avatar's top right corner (a pixel's rounding allowed), not inside it.
  expect(badge.x).toBeGreaterThanOrEqual(avatar.box.right - 1);
  expect(badge.y).toBeLessThanOrEqual(avatar.box.top + 1);
}

/** Signed in on a replica, with the live stream of the user's events open. */
async function watching(on: Replicas['one'], person: typeof teacher) {
  const page = await signedInPage(on, person, { viewport: WIDE_VIEWPORT, scheme: 'light' });
  const streaming = page.waitForResponse((response) =>
    response.url().endsWith('/api/users/me/events'),
  );
  await page.reload();
  await streaming;
  await bell(page, person.name).waitFor();
  return page;
}

describe.skipIf(missing.length > 0)('notifications on two replicas', () => {
  it('ring the bell live on one replica for a change made on the other, both ways', async () => {
    teacherPage = await watching(replicas.one, teacher);
    studentPage = await watching(replicas.two, student);

    // The student asks to join through replica two; the teacher's page is on replica one.
    const { userId } = await studentApi.call<{ userId: string }>('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    await bell(teacherPage, teacher.name, 1).waitFor({ timeout: LIVE_WITHIN_MS });
    await expectBadgeBesideInitials(teacherPage);
    await bell(teacherPage, teacher.name, 1).click();
    await teacherPage.getByRole('menuitem', { name: /Notifications/ }).click();
    await teacherPage.getByText(`${student.name} asked to join Replicas 101.`).waitFor();
    await checkScreen(teacherPage, 'live-notification-replicas', 'light');

    // The teacher approves through replica one; the student's page is on replica two.
    await teacherApi.call('PATCH', `/classrooms/${classroom.id}/members/${userId}`, {
      status: 'Accepted',
    });
    await bell(studentPage, student.name, 1).waitFor({ timeout: LIVE_WITHIN_MS });
  });
});
