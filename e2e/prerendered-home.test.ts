import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app';
import { settleAnimations } from './support/pages';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(() => app.close());

/** What the page logs as errors, and throws: a CSP refusal or a React error shows here. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

describe('the home page, prerendered by the build', () => {
  it('looks the same before the app has run as once the app shows it, in either colour mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await app.browser.newContext({ colorScheme });
      try {
        const page = await context.newPage();
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(app.server.url);
        const prerendered = await page.screenshot({ fullPage: true });
        await page.unroute('**/assets/*.js');
        await page.reload();
        await expect.poll(() => page.title()).toBe('Home | HackClass');
        await settleAnimations(page);
        const shown = await page.screenshot({ fullPage: true });
        expect(prerendered.equals(shown), colorScheme).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it('shows its content, header and links before any of the app has run', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(app.server.url);
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.count()).toBe(1);
      expect(await heading.textContent()).toMatch(/^Teach hacking by doing it/);
      expect(
        await page.getByRole('banner').getByRole('link', { name: 'Log in' }).getAttribute('href'),
      ).toBe('/login');
      expect(await page.getByRole('contentinfo').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('asks for the app only once it has painted, and the app then shows the same page', async () => {
    const context = await app.browser.newContext();
    try {
      const page = await context.newPage();
      const errors = errorsOf(page);
      await page.goto(app.server.url);
      // The app's own page: its router sets the title, and the header's menu answers.
      await expect.poll(() => page.title()).toBe('Home | HackClass');
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      const timings = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(timings.firstPaint).toBeDefined();
      expect(timings.scripts.length).toBeGreaterThan(0);
      for (const start of timings.scripts)
        expect(start).toBeGreaterThanOrEqual(timings.firstPaint ?? 0);
      await page.getByRole('link', { name: 'Log in' }).first().click();
      await expect.poll(() => page.title()).toBe('Log in | HackClass');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
