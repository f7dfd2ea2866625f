import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme, settleAnimations } from './support/pages';
import { checkScreen } from './support/screens';
import { signedInPage, WIDE_VIEWPORT } from './support/signed-in-page';

let app: RunningApp;
// Signs up as a student; ADMIN_EMAILS makes them an admin once the email is verified.
const admin = testPerson('Ada Admin');

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email });
  await createVerifiedAccount(app, admin);
});

/** A teacher of their own for each run of a test, so that a second run starts with no tokens. */
async function freshTeacher() {
  const teacher = testPerson('Theo Teacher', 'Teacher');
  await createVerifiedAccount(app, teacher);
  return teacher;
}

afterAll(async () => {
  await app?.close();
});

/** A script's call: the token in the header, no cookie, no anti-forgery token. */
const scriptCall = (secret: string, path: string, init: RequestInit = {}) =>
  fetch(`${app.server.url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${secret}`, ...init.headers },
  });

/** Creates a token in the open profile page and answers its secret, read off the dialog. */
async function createToken(page: Page, name: string, scopes: string[]): Promise<string> {
  await page
    .getByRole('region', { name: 'API tokens' })
    .getByRole('button', { name: 'Create token' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create an API token' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const scope of ['Read', 'Write']) {
    await dialog.getByRole('checkbox', { name: scope }).setChecked(scopes.includes(scope));
  }
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  const secret = (await shown.getByLabel(`The token ${name}`).textContent()) ?? '';
  expect(secret).toMatch(/^hcp_[A-Za-z0-9_-]{43}$/);
  return secret;
}

describe('personal API tokens', () => {
  it('a teacher creates one, a script uses it without a browser, and it stops when revoked', async () => {
    const teacher = await freshTeacher();
    const page = await signedInPage(app, teacher, { viewport: WIDE_VIEWPORT });
    await page.goto(`${app.server.url}/profile/profile`);
    await page.getByRole('tab', { name: 'API tokens' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/api-tokens');
    await page.getByText('No API tokens').waitFor();
    await expect.poll(() => page.title()).toBe('API tokens | HackClass');

    // Nothing named: the form says so instead of sending.
    await page
      .getByRole('region', { name: 'API tokens' })
      .getByRole('button', { name: 'Create token' })
      .click();
    const form = page.getByRole('dialog', { name: 'Create an API token' });
    await form.getByRole('textbox', { name: 'Name' }).fill('  ');
    await form.getByRole('checkbox', { name: 'Read' }).uncheck();
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText('Name the token after what will use it').waitFor();
    await form.getByText('Choose at least one scope').waitFor();
    // A teacher is offered no admin scope.
    expect(await form.getByRole('checkbox', { name: 'Admin' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    const secret = await createToken(page, 'Gradebook export', ['Read', 'Write']);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await settleAnimations(page);
      await page.screenshot({ path: `/tmp/shots/api-token-created-${scheme}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await emulateScheme(page, 'light');
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Gradebook export' });
    await row.getByText('Never').waitFor();

    // The script: who it is, then a classroom made with no anti-forgery token.
    const me = await scriptCall(secret, '/users/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: teacher.email });
    const form2 = new FormData();
    form2.append('name', 'Made by a script');
    form2.append('teacherName', 'Theo');
    const made = await scriptCall(secret, '/classrooms', { method: 'POST', body: form2 });
    expect(made.status).toBe(201);

    await page.reload();
    await row.getByText('Never').waitFor({ state: 'detached' });
    await row.getByText(/ago|now/).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'api-tokens', scheme);
    }
    await emulateScheme(page, 'light');

    await row.getByRole('button', { name: 'Revoke the token Gradebook export' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the token' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API tokens').waitFor();
    const refused = await scriptCall(secret, '/users/me');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('an admin sees everyone’s tokens with their owners and revokes one', async () => {
    const teacher = await freshTeacher();
    const teacherPage = await signedInPage(app, teacher);
    await teacherPage.goto(`${app.server.url}/profile/api-tokens`);
    await teacherPage.getByText('No API tokens').waitFor();
    const secret = await createToken(teacherPage, 'Nightly lab import', ['Write']);
    // Write without read: a GET is refused, and says which scope it lacks.
    const refused = await scriptCall(secret, '/users/me');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_scope' });

    const page = await signedInPage(app, admin, { viewport: WIDE_VIEWPORT });
    await page.goto(`${app.server.url}/dashboard`);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'API tokens' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/api-tokens');
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Nightly lab import' });
    await row.getByText(teacher.email).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('nobody-by-that-name');
    await page.getByText('No token belongs to someone matching the search.').waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(teacher.email);
    await row.waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'admin-api-tokens', scheme);
    }
    await emulateScheme(page, 'light');

    await row.getByRole('button', { name: 'Revoke the token Nightly lab import' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke the token' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page
      .getByText('Nobody has created an API token.')
      .or(page.getByText('No token belongs'))
      .waitFor();
    expect((await scriptCall(secret, '/users/me')).status).toBe(401);
  });
});
