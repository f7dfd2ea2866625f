import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { freshPage, type Scheme, useScheme } from './support/pages';

let app: RunningApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  page = await app.browser.newPage();
});

afterAll(() => app.close());

const h1 = () => page.getByRole('heading', { level: 1 });

const pages = [
  { link: 'Community', path: '/community', title: 'Community | HackClass', heading: 'Community' },
  {
    link: 'Help centre',
    path: '/help-center',
    title: 'Help centre | HackClass',
    heading: 'Help centre',
  },
  { link: 'Support', path: '/support', title: 'Support | HackClass', heading: 'Support' },
];

describe('the public pages', () => {
  for (const { path, title, heading } of pages) {
    it(`shows ${path} with its title and one h1`, async () => {
      await page.goto(`${app.server.url}${path}`);
      await expect.poll(() => page.title()).toBe(title);
      expect(await h1().count()).toBe(1);
      expect(await h1().textContent()).toBe(heading);
      for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
        expect(await page.getByRole(landmark).count()).toBe(1);
      }
    });
  }

  it('reaches each page from the header links', async () => {
    await page.goto(app.server.url);
    await expect.poll(() => page.title()).toBe('Home | HackClass');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const { link, path, title, heading } of pages) {
      await nav.getByRole('link', { name: link }).click();
      await expect.poll(() => page.title()).toBe(title);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await h1().textContent()).toBe(heading);
      expect(await nav.getByRole('link', { name: link }).getAttribute('aria-current')).toBe('page');
    }
  });

  it('filters the help centre as the visitor types, and says when nothing matches', async () => {
    await page.goto(`${app.server.url}/help-center`);
    const search = page.getByRole('textbox', { name: 'Search the help centre' });
    const questions = page.getByRole('main').locator('.mantine-Accordion-control');
    await questions.first().waitFor();
    const all = await questions.count();
    expect(all).toBeGreaterThan(20);

    // "join code" is in a few questions and answers, never in all of them; matches open.
    await search.fill('join code');
    await expect.poll(() => questions.count()).toBeLessThan(all);
    expect(await questions.count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('button', { name: 'How do I join a classroom with a code?' }).count(),
    ).toBe(1);
    expect(
      await page
        .getByRole('button', { name: 'How do I join a classroom with a code?' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await page.getByRole('heading', { name: 'Running HackClass' }).count()).toBe(0);

    // A word only in an answer finds its question.
    await search.fill('pg_dump');
    await expect.poll(() => questions.count()).toBe(1);
    expect(await questions.first().textContent()).toBe('How do I back it up?');

    await search.fill('quantum blockchain');
    await page.getByRole('heading', { name: 'No article matches “quantum blockchain”' }).waitFor();
    expect(await questions.count()).toBe(0);

    await page.getByRole('button', { name: 'Clear search' }).first().click();
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => questions.count()).toBe(all);
  });

  it('opens the article a link points to', async () => {
    await page.goto(`${app.server.url}/help-center#reset-password`);
    const control = page.getByRole('button', { name: 'I forgot my password.' });
    await expect.poll(() => control.getAttribute('aria-expanded')).toBe('true');
  });
});

/**
 * A page of its own (AxeBuilder needs an explicit context) in the given colour mode, set as the
 * colour menu does: in local storage, then a reload.
 */
async function pageIn(scheme: Scheme, path: string) {
  const page = await freshPage(app);
  await page.goto(`${app.server.url}${path}`);
  await useScheme(page, scheme);
  return { page, close: () => page.context().close() };
}

// axe takes seconds per page; a loaded machine needs more than the default 30 s.
const axeTimeout = 90_000;

describe('accessibility', () => {
  const screens = [
    { name: 'home', path: '/', heading: 'Teach hacking by doing it' },
    { name: 'community', path: '/community', heading: 'Community' },
    { name: 'help centre', path: '/help-center', heading: 'Help centre' },
    { name: 'support', path: '/support', heading: 'Support' },
    { name: 'the 404 page', path: '/no/such/page', heading: 'Page Not Found' },
  ];

  for (const scheme of ['light', 'dark'] as const) {
    for (const screen of screens) {
      it(
        `has no serious or critical axe violations on ${screen.name} in ${scheme} mode`,
        async () => {
          const { page: tab, close } = await pageIn(scheme, screen.path);
          try {
            await tab.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
            expect(await tab.locator('html').getAttribute('data-mantine-color-scheme')).toBe(
              scheme,
            );
            expect(await seriousViolations(tab)).toEqual([]);
          } finally {
            await close();
          }
        },
        axeTimeout,
      );
    }

    it(
      `has no serious or critical axe violations on an open help article in ${scheme} mode`,
      async () => {
        const { page: tab, close } = await pageIn(scheme, '/help-center');
        try {
          await tab.getByRole('textbox', { name: 'Search the help centre' }).fill('backup');
          const control = tab.getByRole('button', { name: 'How do I back it up?' });
          await expect.poll(() => control.getAttribute('aria-expanded')).toBe('true');
          await tab.waitForTimeout(300); // the panel's opening transition
          expect(await seriousViolations(tab)).toEqual([]);
        } finally {
          await close();
        }
      },
      axeTimeout,
    );
  }
});
