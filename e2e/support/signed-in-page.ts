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
  await page
    .waitForURL((url) => url.pathname === '/dashboard')
    .catch(async (error: unknown) => {
      throw new Error(`The sign-in never reached the dashboard: ${await whereItStopped(page)}`, {
        cause: error,
      });
    });
  return page;
}

/** Where a page stands, for a failure to say: its address, its alerts, its form's state. */
async function whereItStopped(page: Page): Promise<string> {
  const alerts = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => []);
  const form = await page
    .locator('form')
    .first()
    .evaluate((element) => ({
      pressed: element.ownerDocument.body.querySelector('[data-pressed]') !== null,
      busy: element.querySelector('[data-loading], [aria-busy="true"]') !== null,
      // Still the page the build rendered: the app never took it over.
      prerendered: element.ownerDocument.querySelector('[data-prerendered]') !== null,
    }))
    .catch(() => null);
  return JSON.stringify({ url: page.url(), alerts, form });
}

/** The desktop window the journeys look at their screens in. */
export const WIDE_VIEWPORT = { width: 1280, height: 900 };

/** A wide page in light mode that saves what it downloads: for reading and exporting reports. */
export const REPORT_PAGE: SignedInPageOptions = {
  viewport: WIDE_VIEWPORT,
  scheme: 'light',
  acceptDownloads: true,
};

/** A signed-in page for each person (see `signedInPage`), opened at once, in their order. */
export function signedInPages<const People extends AccountDetails[]>(
  app: RunningApp,
  people: People,
  options: SignedInPageOptions = {},
): Promise<{ [Index in keyof People]: Page }> {
  const pages = people.map((person) => signedInPage(app, person, options));
  // Promise.all answers an array; it has one page per person, in their order.
  return Promise.all(pages) as Promise<{ [Index in keyof People]: Page }>;
}
