import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app';

let app: RunningApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  page = await app.browser.newPage();
});

afterAll(() => app.close());

const colourScheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
const themeColour = () => page.locator('meta[name="theme-color"]').getAttribute('content');

describe('the web app shell', () => {
  it('renders the home page with its title and language', async () => {
    await page.goto(app.server.url);
    await expect.poll(() => page.title()).toBe('Home | HackClass');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Get started' }).first().isVisible()).toBe(true);
  });

  it('shows the 404 message with the unknown path', async () => {
    await page.goto(`${app.server.url}/no/such/page`);
    await page.getByText('Page Not Found: /no/such/page').waitFor();
    expect(await page.title()).toBe('Page Not Found | HackClass');
  });

  it('shows a page whose code failed to arrive, as a network change fails the requests in flight', async () => {
    const context = await app.browser.newContext();
    try {
      const visitor = await context.newPage();
      let failed = 0;
      // Chromium's answer to an interface coming or going (ERR_NETWORK_CHANGED), for the first
      // two requests: the preload and the import may share one.
      await visitor.route('**/assets/community-*.js', (route) => {
        if (failed >= 2) return route.continue();
        failed += 1;
        return route.abort('internetdisconnected');
      });
      await visitor.goto(app.server.url);
      await expect.poll(() => visitor.title()).toBe('Home | HackClass');
      // Gone if the page reloads: the app itself fetched the code again.
      await visitor.evaluate(() => Object.assign(window, { sameDocument: true }));
      await visitor.getByRole('banner').getByRole('link', { name: 'Community' }).click();
      await expect.poll(() => visitor.title()).toBe('Community | HackClass');
      expect(failed).toBe(2);
      expect(await visitor.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(await visitor.getByRole('heading', { name: 'This page did not load' }).count()).toBe(
        0,
      );
    } finally {
      await context.close();
    }
  });

  it.each([
    ['a prerendered page', '/login'],
    ['a page of the app alone', '/community'],
  ])('starts the app on %s whose own code failed to arrive the first time', async (_, path) => {
    const context = await app.browser.newContext();
    try {
      const visitor = await context.newPage();
      let failed = 0;
      await visitor.route('**/assets/index-*.js', (route) => {
        if (failed >= 1) return route.continue();
        failed += 1;
        return route.abort('internetdisconnected');
      });
      await visitor.goto(`${app.server.url}${path}`);
      // The app took the page over: the prerendered mark goes, the title is the app's.
      await expect.poll(() => visitor.locator('#root[data-prerendered]').count()).toBe(0);
      await expect.poll(() => visitor.locator('#root > *').count()).toBeGreaterThan(0);
      await visitor.getByRole('heading', { level: 1 }).waitFor();
      expect(failed).toBe(1);
      expect(
        await visitor.evaluate(() => document.querySelectorAll('script[type=module]').length),
      ).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("says a page's code did not load, with a reload button, as the production build runs", async () => {
    const context = await app.browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.route('**/assets/community-*.js', (route) => route.abort());
      await visitor.goto(app.server.url);
      await expect.poll(() => visitor.title()).toBe('Home | HackClass');
      await visitor.getByRole('banner').getByRole('link', { name: 'Community' }).click();
      await visitor.getByRole('heading', { name: 'This page did not load' }).waitFor();
      expect(await visitor.getByRole('button', { name: 'Reload page' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps the chosen colour mode across a reload', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(app.server.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    expect(await colourScheme()).toBe('light');
    expect(await themeColour()).toBe('#ffffff');

    await page.getByRole('banner').getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await colourScheme()).toBe('dark');

    await page.reload();
    expect(await colourScheme()).toBe('dark');
    expect(await themeColour()).toBe('#18181b');
    await page.getByRole('banner').getByRole('button', { name: 'Colour mode' }).click();
    expect(
      await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('loads the colour mode menu when asked for, and opens it from the keyboard', async () => {
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    page.on('request', onRequest);
    const menuCode = () => scripts.filter((url) => url.includes('color-scheme-choices')).length;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(app.server.url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('link', { name: 'Get started' }).first().waitFor();
    expect(menuCode()).toBe(0);
    const button = page.getByRole('banner').getByRole('button', { name: 'Colour mode' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dark = page.getByRole('menuitemradio', { name: 'Dark' });
    await dark.waitFor();
    // Focus moves into the menu, as Mantine's menu does when opened from the keyboard.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dark.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Colour mode');
    await page.keyboard.press('Enter');
    await dark.click();
    expect(await colourScheme()).toBe('dark');
    expect(menuCode()).toBe(1);
    page.off('request', onRequest);
    await page.evaluate(() => localStorage.clear());
  });

  it('follows the system colour mode when set to System', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await colourScheme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await colourScheme()).toBe('light');
  });
});
