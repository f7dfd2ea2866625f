import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe';
import type { Scheme } from './pages';

/**
 * A full-page screenshot to look at, /tmp/shots/<name>-<scheme>.png, of a page shown in
 * `scheme`, and no serious or critical axe violation on it.
 */
export async function checkScreen(page: Page, name: string, scheme: Scheme) {
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
  await page.screenshot({ path: `/tmp/shots/${name}-${scheme}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
}
