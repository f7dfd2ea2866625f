import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme } from './support/pages';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

const admin = testPerson('Alma Admin');
const teacher = testPerson('Tara Teacher', 'Teacher');
const waitingTitle = 'Your teacher account is awaiting approval';

let adminPage: Page;
let teacherPage: Page;

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email, TEACHER_APPROVAL: 'true' });
  await Promise.all([createVerifiedAccount(app, admin), createVerifiedAccount(app, teacher)]);
  [adminPage, teacherPage] = await Promise.all([
    signedInPage(app, admin),
    signedInPage(app, teacher),
  ]);
});

afterAll(async () => {
  await app?.close();
});

describe('teachers wait for an admin where TEACHER_APPROVAL holds', () => {
  it('tells a new teacher they wait, as a student, for an admin', async () => {
    const page = teacherPage;
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(waitingTitle).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/teacher-approval-waiting-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${app.server.url}/classrooms`);
    await page.getByText(waitingTitle).waitFor();
    expect(await page.getByRole('button', { name: 'Create classroom' }).count()).toBe(0);
  });

  it('lets an admin find the teachers waiting and approve one, who is told', async () => {
    const page = adminPage;
    await page.goto(`${app.server.url}/admin/users`);
    await page.getByRole('row').filter({ hasText: admin.email }).waitFor();
    await page.getByRole('checkbox', { name: 'Awaiting approval as teacher' }).check();
    const row = page.getByRole('row').filter({ hasText: teacher.email });
    await row.getByText('Awaiting approval as teacher').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/teacher-approval-admin-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await row.getByRole('button', { name: 'Approve teacher Tara Teacher' }).click();
    await page.getByText('Teacher approved').waitFor();
    await page.getByText('No teacher is awaiting approval.').waitFor();

    await teacherPage.goto(`${app.server.url}/profile/notifications`);
    await teacherPage
      .getByText('An admin approved your teacher account: you can now create classrooms and labs.')
      .waitFor();
    await teacherPage.reload();
    await teacherPage.goto(`${app.server.url}/classrooms`);
    await teacherPage.getByRole('button', { name: 'Create classroom' }).waitFor();
    expect(await teacherPage.getByText(waitingTitle).count()).toBe(0);
  });
});
