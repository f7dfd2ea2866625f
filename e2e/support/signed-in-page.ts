import type { Page } from 'playwright-core';
import { type AccountDetails, logInThroughForm } from './accounts';
import type { RunningApp } from './app';

export interface SignedInPageOptions {
  /** The colour mode saved before the app starts; the app's default (System) when absent. */
  scheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** Installs Playwright's fake clock before the app starts, so that its timers use it. */
  fakeClock?: boolean;
}

/**
 * A browser context of its own (no session shared with other pages), signed in through the login
 * form and landed on the dashboard. Contexts close with the app's browser.
 */
export async function signedInPage(
  app: RunningApp,
  account: AccountDetails,
  options: SignedInPageOptions = {},
): Promise<Page> {
  const context = await app.browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    acceptDownloads: options.acceptDownloads ?? false,
  });
  const page = await context.newPage();
  if (options.fakeClock) await page.clock.install();
  await page.goto(`${app.server.url}/login`);
  if (options.scheme) {
    await page.evaluate(
      (scheme) => localStorage.setItem('hackclass-color-scheme', scheme),
      options.scheme,
    );
    await page.reload();
  }
  await logInThroughForm(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}
