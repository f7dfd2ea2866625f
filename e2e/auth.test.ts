import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../apps/identity/src/testing/smtp';
import { logInThroughForm, signUpThroughForm, uniqueEmail } from './support/accounts';
import { type RunningApp, startApp } from './support/app';

let app: RunningApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await app.close();
});

/** A page in a browser context of its own: no session shared with the other journeys. */
async function freshPage(): Promise<Page> {
  const context = await app.browser.newContext();
  contexts.push(context);
  return context.newPage();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${decodeURIComponent(url.pathname)}${url.search}`;
};

const teacher = {
  name: 'Ada Teacher',
  email: uniqueEmail('teacher'),
  password: 'correct horse battery',
  role: 'Teacher' as const,
};

describe('signing up, verifying, logging out and in', () => {
  it('signs up a teacher, verifies the email from the mail and reaches the dashboard', async () => {
    const page = await freshPage();
    const mail = app.smtp.expectMail(teacher.email, 15_000);
    await signUpThroughForm(page, app.server.url, teacher);

    await page.waitForURL((url) => url.pathname.startsWith('/auth/verify-email/'));
    expect(pathOf(page)).toBe(`/auth/verify-email/${teacher.email}`);
    await page.getByText(`We sent a verification link to ${teacher.email}`).waitFor();
    await expect.poll(() => page.title()).toBe('Verify your email | HackClass');

    const link = linkIn(await mail.arrived());
    expect(link.pathname).toBe('/auth/email-verified');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    await page.goto(link.href);
    await page.getByText('Your email address is verified').waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await expect.poll(() => page.title()).toBe('Dashboard | HackClass');

    // Logout from the header's user menu lands on the login page…
    await page.getByRole('button', { name: `Account menu of ${teacher.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/login');

    // …and going back shows the login page again, nothing of the dashboard.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/login' && url.search !== '');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdashboard');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    expect(await page.getByText(teacher.name).count()).toBe(0);
  });

  it('sends a signed-out visitor of the dashboard to login and back there after it', async () => {
    const page = await freshPage();
    await page.goto(`${app.server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdashboard');
    await expect.poll(() => page.title()).toBe('Log in | HackClass');

    await logInThroughForm(page, teacher.email, teacher.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('says "Invalid email or password" for a wrong password', async () => {
    const page = await freshPage();
    await page.goto(`${app.server.url}/login`);
    await logInThroughForm(page, teacher.email, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await freshPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();

    const mail = app.smtp.expectMail(teacher.email, 15_000);
    await page.getByLabel('Email').fill(teacher.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for that address, a reset link is on its way')
      .waitFor();

    const link = linkIn(await mail.arrived());
    expect(link.pathname).toBe('/auth/reset-password');
    await page.goto(link.href);
    await page.getByText(`Choose a new password for ${teacher.email}`).waitFor();
    const newPassword = 'a brand new passphrase';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByText('Password changed').waitFor();
    expect(pathOf(page)).toBe('/login');

    // The same link does not work twice, also when it comes through the generic action page.
    const reuse = await freshPage();
    await reuse.goto(`${app.server.url}/auth/user-actions${link.search}`);
    await reuse.waitForURL((url) => url.pathname === '/auth/reset-password');
    await reuse.getByText('Invalid link for password reset').waitFor();
    await reuse.getByRole('link', { name: 'Request a new link' }).waitFor();

    await logInThroughForm(page, teacher.email, teacher.password);
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    teacher.password = newPassword;
  });
});

describe('accessibility of the account pages', () => {
  const screens = [
    { path: '/login', heading: 'Log in' },
    { path: '/signup', heading: 'Create your account' },
    { path: '/auth/password-forgot', heading: 'Forgot your password?' },
    { path: '/auth/verify-email/someone%40example.test', heading: 'Verify your email' },
    { path: '/auth/reset-password?oobCode=nonsense', heading: 'Choose a new password' },
  ];

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations in ${scheme} mode`, async () => {
      const page = await freshPage();
      await page.emulateMedia({ colorScheme: scheme });
      for (const screen of screens) {
        await page.goto(`${app.server.url}${screen.path}`);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({ path: screen.path, id: violation.id, help: violation.help }));
        expect(serious).toEqual([]);
      }
    });
  }
});
