import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughForm, testPerson } from './support/accounts';
import { createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { settleAnimations } from './support/pages';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

// Signs up as a student; ADMIN_EMAILS makes them an admin once the email is verified.
const admin = testPerson('Alma Admin');
const student = testPerson('Sam Student');
const disabledMessage = 'Your account has been disabled. Please contact your administrator.';

let adminPage: Page;
let studentPage: Page;

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email });
  await Promise.all([createVerifiedAccount(app, admin), createVerifiedAccount(app, student)]);
  [adminPage, studentPage] = await Promise.all([
    signedInPage(app, admin),
    signedInPage(app, student),
  ]);
});

afterAll(async () => {
  await app?.close();
});

describe('admins manage users', () => {
  it('keeps the admin area from everyone else', async () => {
    const page = studentPage;
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Classrooms' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto(`${app.server.url}/admin/users`);
    await page.getByRole('heading', { name: 'Not allowed', level: 1 }).waitFor();
  });

  it('lets an admin find a student and make them a teacher', async () => {
    const page = adminPage;
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Users | HackClass');
    await page.getByRole('row').filter({ hasText: admin.email }).waitFor();

    await page.getByRole('textbox', { name: 'Search' }).fill('  sam STUD ');
    const row = page.getByRole('row').filter({ hasText: student.email });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await row.getByText('Verified').waitFor();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The page's own content; the dashboard's header and navigation have a journey of their own.
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/admin-users-${scheme}.png`, fullPage: true });
    }
    // Phones get cards instead of the table.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('list', { name: 'Users' }).waitFor();
    await settleAnimations(page);
    await page.screenshot({ path: '/tmp/admin-users-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });

    await row.getByRole('combobox', { name: 'Role of Sam Student' }).click();
    await page.getByRole('option', { name: 'Teacher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByText('Make Sam Student a teacher?').waitFor();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Role changed').waitFor();
    await expect
      .poll(() => row.getByRole('combobox', { name: 'Role of Sam Student' }).inputValue())
      .toBe('Teacher');
  });

  it('disables the student: signed out at their next step, and refused at sign-in', async () => {
    const page = adminPage;
    const row = page.getByRole('row').filter({ hasText: student.email });
    await row.getByRole('button', { name: 'Disable Sam Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable account' });
    await dialog.getByText('Disable Sam Student’s account?', { exact: false }).waitFor();
    await page.screenshot({ path: '/tmp/admin-users-disable-dialog.png' });
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Account disabled', { exact: true }).waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The student's ID token is still valid, but the API refuses it: the app signs them out.
    await studentPage
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Hacking labs' })
      .click();
    await studentPage.waitForURL((url) => url.pathname === '/login');
    await studentPage.getByText(disabledMessage).first().waitFor();

    await logInThroughForm(studentPage, student.email, student.password);
    await studentPage.getByRole('alert').filter({ hasText: disabledMessage }).waitFor();
    expect(new URL(studentPage.url()).pathname).toBe('/login');
  });

  it('enables the student again, who signs in as a teacher', async () => {
    const page = adminPage;
    const row = page.getByRole('row').filter({ hasText: student.email });
    await row.getByRole('button', { name: 'Enable Sam Student' }).click();
    await page
      .getByRole('dialog', { name: 'Enable account' })
      .getByRole('button', { name: 'Enable' })
      .click();
    await page.getByText('Account enabled', { exact: true }).waitFor();
    await expect.poll(() => row.getByText('Disabled', { exact: true }).count()).toBe(0);

    await logInThroughForm(studentPage, student.email, student.password);
    // Back where they were signed out.
    await studentPage.waitForURL((url) => url.pathname === '/hacking-labs');
    // Teachers create classrooms.
    await studentPage.goto(`${app.server.url}/classrooms`);
    await studentPage.getByRole('button', { name: 'Create classroom' }).waitFor();
  });

  it('deletes the account, once its email is typed: signed out at their next step, gone from the list', async () => {
    const page = adminPage;
    const row = page.getByRole('row').filter({ hasText: student.email });
    await row.getByRole('button', { name: 'Delete Sam Student’s account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Sam Student’s account' });
    await dialog.getByText('Classrooms and labs they created stay', { exact: false }).waitFor();
    await settleAnimations(page);
    expect(await seriousViolations(page)).toEqual([]);
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await dialog.getByLabel('The account’s email address').fill('someone@else.test');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('The account’s email address').fill(student.email.toUpperCase());
    await confirm.click();
    await page.getByText('Account deleted', { exact: true }).waitFor();
    await expect.poll(() => row.count()).toBe(0);

    await studentPage.goto(`${app.server.url}/classrooms`);
    await studentPage.waitForURL((url) => url.pathname === '/login');
  });
});
