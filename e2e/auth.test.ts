import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../apps/identity/testing/smtp';
import { messages } from '../apps/web/src/config/messages';
import { logInThroughForm, signUpThroughForm, testPerson, uniqueEmail } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { freshPage, useScheme } from './support/pages';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app.close();
});

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${decodeURIComponent(url.pathname)}${url.search}`;
};

/** The identity SDK's saved account in the page's local storage: its key and the account. */
const savedAccount = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:'));
    if (!key) throw new Error('No account is saved');
    return { key, account: JSON.parse(localStorage.getItem(key) ?? '{}') };
  });

const teacher = {
  name: 'Ada Teacher',
  email: uniqueEmail('teacher'),
  password: 'correct horse battery',
  role: 'Teacher' as const,
};

describe('a common password', () => {
  it.each(['light', 'dark'] as const)(
    'is refused in the signup form with a message that says why (%s)',
    async (scheme) => {
      const page = await freshPage(app);
      await page.goto(`${app.server.url}/signup`);
      await useScheme(page, scheme);
      await signUpThroughForm(page, app.server.url, {
        ...testPerson('Wes'),
        password: 'Password1',
      });
      await page.getByText(messages.weakPassword).waitFor();
      await page.screenshot({ path: join(tmpdir(), `signup-weak-password-${scheme}.png`) });
      // The message is the password field's own error, read out with it.
      const described = await page.getByLabel(/^Password/).getAttribute('aria-describedby');
      const errorId = described?.split(/\s+/).find((id) => id.endsWith('-error'));
      expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(messages.weakPassword);
      expect(pathOf(page)).toBe('/signup');
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

describe('signing up, verifying, logging out and in', () => {
  it('signs up a teacher, verifies the email from the mail and reaches the dashboard', async () => {
    const page = await freshPage(app);
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

  it('reaches the API after a reload restores the ID token from before the verification', async () => {
    const page = await freshPage(app);
    const student = testPerson('Rhea Reload');
    const mail = app.smtp.expectMail(student.email, 15_000);
    await signUpThroughForm(page, app.server.url, student);
    await page.waitForURL((url) => url.pathname.startsWith('/auth/verify-email/'));
    const savedBeforeVerifying = await savedAccount(page);

    await page.goto(linkIn(await mail.arrived()).href);
    await page.getByText('Your email address is verified').waitFor();
    // A reload right after verifying can restore the account as saved before its new ID token
    // was: verified, with a token that still says otherwise.
    const { key, account } = await savedAccount(page);
    const restored = { ...account, stsTokenManager: savedBeforeVerifying.account.stsTokenManager };
    await page.evaluate(({ name, value }) => localStorage.setItem(name, value), {
      name: key,
      value: JSON.stringify(restored),
    });

    await page.goto(`${app.server.url}/hacking-labs`);
    await page.getByText('No hacking labs yet').waitFor();
  });

  it.each([
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/classrooms', heading: 'Classrooms' },
  ])(
    'sends a signed-out visitor of $path to login and back there after it',
    async ({ path, heading }) => {
      const page = await freshPage(app);
      await page.goto(`${app.server.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathOf(page)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      await expect.poll(() => page.title()).toBe('Log in | HackClass');
      // Someone without an account goes the same way back once signed up.
      expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        `/signup?redirect=${encodeURIComponent(path)}`,
      );

      await logInThroughForm(page, teacher.email, teacher.password);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(pathOf(page)).toBe(path);
    },
  );

  it('says "Invalid email or password" for a wrong password', async () => {
    const page = await freshPage(app);
    await page.goto(`${app.server.url}/login`);
    await logInThroughForm(page, teacher.email, 'not the password');
    // Whatever the form says, so that a failure shows what it said instead.
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(pathOf(page)).toBe('/login');
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await freshPage(app);
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
    // One of the most common passwords is refused on its field, and the link stays usable.
    await page.getByLabel(/^New password/).fill('Password1');
    await page.getByLabel('Confirm new password').fill('Password1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(messages.weakPassword).waitFor();
    const newPassword = 'a brand new passphrase';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByText('Password changed').waitFor();
    // The toast comes as the login page starts loading; the address changes once it has.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login');

    // The same link does not work twice, also when it comes through the generic action page.
    const reuse = await freshPage(app);
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
      const page = await freshPage(app);
      await page.emulateMedia({ colorScheme: scheme });
      for (const screen of screens) {
        await page.goto(`${app.server.url}${screen.path}`);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        expect(await seriousViolations(page), screen.path).toEqual([]);
      }
    });
  }
});
