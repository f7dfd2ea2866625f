import type { Page } from 'playwright-core';
import { type AccountDetails, logInThroughForm } from './accounts';
import type { RunningApp } from './app';
import { type FreshPageOptions, freshPage, type Scheme, useScheme } from './pages';

export interface SignedInPageOptions extends FreshPageOptions {
  /** The colour mode saved before the app starts; the app's default (System) when absent. */
  scheme?: Scheme;
  /** Installs Playwright's fake clock before the app starts, so that its timers use it. */
  fakeClock?: boolean;
}

/** A page of its own (see `freshPage`), signed in through the login form and on the dashboard. */
export async function signedInPage(
  app: RunningApp,
  account: AccountDetails,
  options: SignedInPageOptions = {},
): Promise<Page> {
  const page = await freshPage(app, options);
  if (options.fakeClock) await page.clock.install();
  await page.goto(`${app.server.url}/login`);
  if (options.scheme) await useScheme(page, options.scheme);
  await logInThroughForm(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}
