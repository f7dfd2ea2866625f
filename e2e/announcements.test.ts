import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import type { ApiClient } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seedCourse } from './support/course';
import { screenshotsIfFailed, useScheme } from './support/pages';
import { checkScreen } from './support/screens';
import { signedInPages, WIDE_VIEWPORT } from './support/signed-in-page';

// Two signed-in browsers and axe runs on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: RunningApp;

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');
const classroomName = 'Web 101';
let classroomId = '';
let teacherApi: ApiClient;
let teacherPage: Page;
let studentPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

/** The page's live stream of the user's events has answered, so nothing posted from now is missed. */
const userStreamOpened = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/users/me/events'));

beforeAll(async () => {
  app = await startApp();
  const course = await seedCourse(app, teacher, { name: classroomName }, student);
  teacherApi = course.teacherApi;
  classroomId = course.classroom.id;
  [teacherPage, studentPage] = await signedInPages(app, [teacher, student], {
    viewport: WIDE_VIEWPORT,
  });
});

afterEach(({ task }) =>
  screenshotsIfFailed(task, 'announcements', { teacher: teacherPage, student: studentPage }),
);

afterAll(async () => {
  await app?.close();
});

describe('announcements', () => {
  it('reaches a student on their dashboard at once, then the overview and the notifications', async () => {
    const streaming = userStreamOpened(studentPage);
    await open(studentPage, '/dashboard');
    expect((await streaming).status()).toBe(200);

    const page = teacherPage;
    await open(page, `/classrooms/${classroomId}`);
    const panel = page.getByRole('region', { name: 'Announcements' });
    await panel.getByText('No announcements yet').waitFor();

    // Nothing to post is refused before anything is sent.
    await panel.getByRole('button', { name: 'Post' }).click();
    await panel.getByText('Write the announcement').waitFor();

    const editor = panel.getByRole('textbox', { name: 'New announcement' });
    await editor.fill('**Exam** on Friday: bring your [notes](https://notes.example.org).');
    await panel.getByText('Markdown. 66 / 5000 characters').waitFor();
    await panel.getByText('Preview', { exact: true }).click();
    await panel
      .getByRole('region', { name: 'New announcement preview' })
      .getByText('Exam')
      .waitFor();
    await panel.getByText('Write', { exact: true }).click();
    await panel.getByRole('checkbox', { name: 'Also email it to the members' }).check();
    const mailed = app.smtp.expectMail(student.email, 30_000);
    await panel.getByRole('button', { name: 'Post' }).click();
    await page.getByText('Announcement posted').waitFor();
    // Quoted-printable folds long lines with a trailing `=`.
    const mail = (await mailed.arrived()).raw.replace(/=\r?\n/g, '');
    expect(mail).toContain(`Subject: ${classroomName}: an announcement from ${teacher.name}`);
    expect(mail).toContain('bring your notes');
    const posted = panel.getByRole('listitem', { name: `Announcement by ${teacher.name}` });
    await posted.locator('strong', { hasText: 'Exam' }).waitFor();
    await posted.getByText('just now').waitFor();
    expect(await editor.inputValue()).toBe('');

    // The student, elsewhere in the app, is told at once.
    const toast = studentPage
      .getByRole('alert')
      .filter({ hasText: `New announcement in ${classroomName}` });
    await toast.getByText('Exam on Friday: bring your notes.').waitFor();
    await checkScreen(studentPage, 'announcements-toast', 'light');
    await toast.getByRole('button', { name: 'Open' }).click();
    await studentPage.waitForURL((url) => url.pathname === `/classrooms/${classroomId}`);
    const seen = studentPage.getByRole('region', { name: 'Announcements' });
    await seen.locator('strong', { hasText: 'Exam' }).waitFor();
    expect(await seen.getByRole('button', { name: 'Post' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: 'Delete announcement' }).count()).toBe(0);

    await open(studentPage, '/profile/notifications');
    await studentPage
      .getByRole('listitem')
      .filter({ hasText: `New announcement in ${classroomName}: Exam on Friday` })
      .getByRole('link', { name: classroomName })
      .waitFor();

    await checkScreen(page, 'announcements-overview', 'light');
    await useScheme(page, 'dark');
    await posted.waitFor();
    await checkScreen(page, 'announcements-overview', 'dark');
    await useScheme(page, 'light');
  });

  it('shows five at first, older ones on "Load more"', async () => {
    for (const week of [1, 2, 3, 4, 5]) {
      await teacherApi.call('POST', `/classrooms/${classroomId}/announcements`, {
        body: `Week ${week} notes are up.`,
      });
    }
    await open(studentPage, `/classrooms/${classroomId}`);
    const seen = studentPage.getByRole('region', { name: 'Announcements' });
    const items = seen.getByRole('listitem');
    await seen.getByText('Week 5 notes are up.').waitFor();
    expect(await items.count()).toBe(5);
    expect(await items.first().textContent()).toContain('Week 5');
    expect(await seen.locator('strong', { hasText: 'Exam' }).count()).toBe(0);
    await seen.getByRole('button', { name: 'Load more' }).click();
    await seen.locator('strong', { hasText: 'Exam' }).waitFor();
    expect(await items.count()).toBe(6);
    await seen.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
  });

  it('lets the teacher delete one after confirming, and open pages drop it live', async () => {
    const seen = studentPage.getByRole('region', { name: 'Announcements' });
    await seen.locator('strong', { hasText: 'Exam' }).waitFor();

    const page = teacherPage;
    await open(page, `/classrooms/${classroomId}`);
    const panel = page.getByRole('region', { name: 'Announcements' });
    const exam = panel.getByRole('listitem').filter({ hasText: 'Exam on Friday' });
    await panel.getByRole('button', { name: 'Load more' }).click();
    await exam.getByRole('button', { name: 'Delete announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this announcement?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await exam.waitFor();

    await exam.getByRole('button', { name: 'Delete announcement' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await exam.waitFor({ state: 'detached' });
    await seen.locator('strong', { hasText: 'Exam' }).waitFor({ state: 'detached' });
    expect(await seen.getByRole('listitem').count()).toBe(5);
  });
});
