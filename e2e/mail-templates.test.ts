import { mkdirSync } from 'node:fs';
import { mailSamples } from '@hackclass/mail/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import type { Scheme } from './support/pages';

const brand = { productName: 'HackClass', publicUrl: 'https://hackclass.school.example' };
const mails = Object.entries(mailSamples(brand, `<b>"O'Neil"</b>`));
const schemes: Scheme[] = ['light', 'dark'];

/** The card's colours in each scheme, as the mail's colours module names them. */
const cardColours = {
  light: { background: 'rgb(255, 255, 255)', color: 'rgb(33, 37, 41)' },
  dark: { background: 'rgb(37, 38, 43)', color: 'rgb(233, 236, 239)' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync('/tmp/shots', { recursive: true });
});
afterAll(() => browser.close());

async function openMail(html: string, colorScheme: Scheme) {
  const context = await browser.newContext({
    colorScheme,
    viewport: { width: 640, height: 800 },
  });
  const page = await context.newPage();
  await page.setContent(html);
  return { page, close: () => context.close() };
}

describe.each(mails)('the %s mail in Chromium', (kind, { mail, names }) => {
  it.each(schemes)('reads in %s mode, with enough contrast everywhere', async (scheme) => {
    const { page, close } = await openMail(mail.html, scheme);
    try {
      await page.screenshot({ path: `/tmp/shots/mail-${kind}-${scheme}.png`, fullPage: true });
      const card = page.locator('.mail-card');
      expect(
        await card.evaluate((element) => {
          const style = getComputedStyle(element);
          return { background: style.backgroundColor, color: style.color };
        }),
      ).toEqual(cardColours[scheme]);
      await expect(page.title()).resolves.toBe(mail.subject);
      // The quoted names show as written, their markup as text and never as elements.
      const shown = await page.locator('body').textContent();
      for (const name of names) expect(shown).toContain(name);
      expect(await page.locator('b').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('stays legible in dark mode when a client drops its style block', async () => {
    const { page, close } = await openMail(mail.html.replace(/<style>[^<]*<\/style>/, ''), 'dark');
    try {
      await page.screenshot({ path: `/tmp/shots/mail-${kind}-dark-unstyled.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
