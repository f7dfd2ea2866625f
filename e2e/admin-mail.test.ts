import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { changePassword, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme, settleAnimations } from './support/pages';
import { checkScreen } from './support/screens';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;
let page: Page;

// Signs up as a student; ADMIN_EMAILS makes them an admin once the email is verified.
const admin = testPerson('Mia Mailadmin');
const student = testPerson('Sol Student');

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email });
  const [, verified] = await Promise.all([
    createVerifiedAccount(app, admin),
    createVerifiedAccount(app, student),
  ]);
  // The student's mailbox is gone: the mail telling them of a password change fails for good.
  app.smtp.refuse.permanently = [student.email];
  await changePassword(app, verified.idToken, 'another-Secret-passphrase-88');
  page = await signedInPage(app, admin);
});

afterAll(async () => {
  await app?.close();
});

describe('admins watch the mail', () => {
  it('shows every mail by status, a failed one with the refusal', async () => {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Mail' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/mail');
    await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    const failedRow = page.getByRole('row').filter({ hasText: student.email }).filter({
      hasText: 'Failed',
    });
    await failedRow.waitFor({ timeout: 15_000 });
    await failedRow.getByText('550', { exact: false }).waitFor();
    await failedRow.getByText('Password changed', { exact: true }).waitFor();

    await page.getByText(/^Failed \(1\)$/).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'admin-mail', scheme);
    }
    await emulateScheme(page, 'light');

    await page.getByText(/^Retrying \(0\)$/).click();
    await page.getByText('No mail is retrying.').waitFor();
    await settleAnimations(page);
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });

  it('sends a failed mail again once its cause is gone', async () => {
    await page.getByText(/^Failed \(1\)$/).click();
    app.smtp.refuse.permanently = [];
    const arrived = app.smtp.expectMail(student.email, 15_000);
    await page.getByRole('button', { name: `Send again: the mail to ${student.email}` }).click();
    await page.getByText(`The mail to ${student.email} is queued again`).waitFor();
    const mail = await arrived.arrived();
    expect(mail.raw).toContain('password was changed');

    await page.getByText(/^Sent \(\d+\)$/).click();
    await page
      .getByRole('row')
      .filter({ hasText: student.email })
      .filter({ hasText: 'password was changed' })
      .waitFor({ timeout: 15_000 });
  });
});
