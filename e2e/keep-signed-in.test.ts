import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughForm, testPerson } from './support/accounts';
import { createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { freshPage } from './support/pages';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app.close();
});

/** Closing the browser and opening it again: what it keeps (cookies, local storage) carries over. */
async function reopened(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  const kept = await context.storageState();
  await context.close();
  return browser.newContext({ storageState: kept });
}

async function signInTo(context: BrowserContext, keep: boolean) {
  const account = await createVerifiedAccount(app, testPerson('Kim Kept'));
  const page = await context.newPage();
  await page.goto(`${app.server.url}/login`);
  const checkbox = page.getByRole('checkbox', { name: 'Keep me signed in' });
  expect(await checkbox.isChecked()).toBe(true);
  if (!keep) await checkbox.uncheck();
  await logInThroughForm(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}

describe('"Keep me signed in" on the login form', () => {
  it('unchecked, the session ends when the browser closes, and survives a reload', async () => {
    const context = await app.browser.newContext();
    const page = await signInTo(context, false);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('button', { name: /^Account menu of/ }).waitFor();

    const later = await (await reopened(app.browser, context)).newPage();
    await later.goto(`${app.server.url}/dashboard`);
    await later.waitForURL((url) => url.pathname === '/login');
  });

  it('checked, the session outlives the browser', async () => {
    const context = await app.browser.newContext();
    await signInTo(context, true);

    const later = await (await reopened(app.browser, context)).newPage();
    await later.goto(`${app.server.url}/dashboard`);
    await later.getByRole('button', { name: /^Account menu of/ }).waitFor();
    expect(new URL(later.url()).pathname).toBe('/dashboard');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`reads well and passes axe in ${scheme} mode`, async () => {
      const page = await freshPage(app);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${app.server.url}/login`);
      await page.getByRole('checkbox', { name: 'Keep me signed in' }).waitFor();
      await page.screenshot({ path: join(tmpdir(), `login-keep-signed-in-${scheme}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
