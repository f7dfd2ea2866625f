import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { createVerifiedAccount } from './support/api';
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

/** The prerendered pages, each with the title its route sets once the app shows it. */
const pages = [
  { path: '/', title: 'Home | HackClass' },
  { path: '/login', title: 'Log in | HackClass' },
];

/** Holds the app's scripts back until `release` is called. */
function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => (released ? route.continue() : held.push(route));
  return {
    ready: page.route('**/assets/*.js', hold),
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/**
 * The login page of a fresh context, its app's scripts held back, with a new teacher's email
 * and password typed in: `use` runs on it, and the context closes after.
 */
async function typedLogin(
  name: string,
  use: (page: Page, scripts: ReturnType<typeof holdScripts>) => Promise<void>,
) {
  const person = testPerson(name, 'Teacher');
  await createVerifiedAccount(app, person);
  const context = await app.browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = holdScripts(page);
    await scripts.ready;
    await page.goto(`${app.server.url}/login`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await use(page, scripts);
  } finally {
    await context.close();
  }
}

describe('the pages prerendered by the build', () => {
  it('look the same before the app has run as once the app shows them, in either colour mode', async () => {
    for (const { path, title } of pages) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await app.browser.newContext({ colorScheme });
        try {
          const page = await context.newPage();
          await page.route('**/assets/*.js', (route) => route.abort());
          await page.goto(`${app.server.url}${path}`);
          const prerendered = await page.screenshot({ fullPage: true });
          await page.unroute('**/assets/*.js');
          await page.reload();
          await expect.poll(() => page.title()).toBe(title);
          await settleAnimations(page);
          const shown = await page.screenshot({ fullPage: true });
          expect(prerendered.equals(shown), `${path} in ${colorScheme} mode`).toBe(true);
        } finally {
          await context.close();
        }
      }
    }
  });

  it('keep what a visitor typed before the app ran, and send the form they sent meanwhile', async () => {
    await typedLogin('Pia Prerender', async (page, scripts) => {
      const errors = errorsOf(page);
      await page.getByLabel('Keep me signed in').uncheck();
      await page.getByRole('button', { name: 'Log in' }).click();
      // Held, not sent by the browser: no password in the address.
      expect(new URL(page.url()).search).toBe('');
      await scripts.release();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // Not kept signed in, as the visitor chose: the session lives in this tab alone.
      const kept = await page.evaluate(() =>
        Object.keys(localStorage).some((key) => key.startsWith('firebase:authUser:')),
      );
      expect(kept).toBe(false);
      expect(errors).toEqual([]);
    });
  });

  it('keep a click pressed before the app took over: it is not lost on the button the app puts there', async () => {
    await typedLogin('Pete Presser', async (page, scripts) => {
      const button = await page.getByRole('button', { name: 'Log in' }).boundingBox();
      if (!button) throw new Error('no Log in button');
      await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
      await page.mouse.down();
      // The app's code arrives and runs while the button is held down.
      await scripts.release();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
      await page.mouse.up();
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
    });
  });

  it('keep the field being typed in focused when the app takes over', async () => {
    const context = await app.browser.newContext();
    try {
      const page = await context.newPage();
      const scripts = holdScripts(page);
      await scripts.ready;
      await page.goto(`${app.server.url}/login`);
      await page.getByLabel('Email').fill('half@typed');
      await scripts.release();
      await expect.poll(() => page.title()).toBe('Log in | HackClass');
      await page.keyboard.type('.example.test');
      expect(await page.getByLabel('Email').inputValue()).toBe('half@typed.example.test');
    } finally {
      await context.close();
    }
  });

  it('leave a visitor who may be signed in to the app, which takes them on from the login page', async () => {
    const person = testPerson('Sami Signedin');
    await createVerifiedAccount(app, person);
    const context = await app.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${app.server.url}/login`);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${app.server.url}/login`);
      // No login form shown to someone signed in: the page waits for the app.
      expect(await page.getByLabel('Email').count()).toBe(0);
      await page.unroute('**/assets/*.js');
      await page.goto(`${app.server.url}/login`);
      await page.waitForURL((url) => url.pathname === '/dashboard');
    } finally {
      await context.close();
    }
  });

  it('show their content, header and links before any of the app has run', async () => {
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

      await page.goto(`${app.server.url}/login`);
      expect(await page.getByRole('heading', { name: 'Log in', level: 1 }).count()).toBe(1);
      for (const label of [/^Email/, /^Password/, /^Keep me signed in/]) {
        expect(await page.getByLabel(label).count(), String(label)).toBe(1);
      }
      expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        '/signup',
      );
    } finally {
      await context.close();
    }
  });

  it('ask for the app only once they have painted, and the app then shows the same page', async () => {
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
