import type { Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import type { RunningApp } from './app';

export type Scheme = 'light' | 'dark';

export interface FreshPageOptions {
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
}

/**
 * How long a page's actions and waits may take. Playwright's 30 s is too short on a loaded
 * two-core machine, where the first load of a page in a new context has taken over 30 s.
 */
const PAGE_TIMEOUT_MS = 60_000;

/**
 * A page in a browser context of its own: no session shared with other pages. Contexts close
 * with the app's browser.
 */
export async function freshPage(app: RunningApp, options: FreshPageOptions = {}): Promise<Page> {
  const context = await app.browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    acceptDownloads: options.acceptDownloads ?? false,
  });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const page = await context.newPage();
  reportErrorsOf(page);
  return page;
}

/**
 * The page's uncaught errors and the errors it logs, in the test's output: a journey that meets
 * an error screen says what the app met. Failed loads are left out: many journeys ask for what
 * must be refused.
 */
function reportErrorsOf(page: Page) {
  page.on('pageerror', (error) => {
    console.error(`Error in the page at ${page.url()}: ${error.stack ?? error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
    console.error(`The page at ${page.url()} logged: ${message.text()}`);
  });
}

/** Sets the colour mode as the colour menu does (local storage), then reloads. */
export async function useScheme(page: Page, scheme: Scheme) {
  await page.evaluate((value) => localStorage.setItem('hackclass-color-scheme', value), scheme);
  await page.reload();
}

/**
 * Follows the system colour mode into `scheme`, and waits for the page to settle in it: axe
 * reads colours mid-transition otherwise (controls fade between the modes' colours).
 */
export async function emulateScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (value) => document.documentElement.getAttribute('data-mantine-color-scheme') === value,
    scheme,
  );
  await settleAnimations(page);
}

/**
 * Waits for the page's running animations to end; one cut short counts as ended, and one that
 * never ends (a focused terminal's blinking cursor) is not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * When the test just run failed, a full-page screenshot of each page to look at:
 * /tmp/shots/<journey>-failed-<who>.png.
 */
export async function screenshotsIfFailed(
  task: TestContext['task'],
  journey: string,
  pages: Record<string, Page | undefined>,
) {
  if (task.result?.state !== 'fail') return;
  for (const [who, page] of Object.entries(pages)) {
    await page?.screenshot({ path: `/tmp/shots/${journey}-failed-${who}.png`, fullPage: true });
  }
}
