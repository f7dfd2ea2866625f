import { parsePrometheusText, sampleSum } from '@hackclass/http/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app';
import { freshPage } from './support/pages';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(() => app.close());

/** The server's metrics, read as Prometheus reads them (from this host, no token set). */
async function scrape() {
  const response = await fetch(`${app.server.url}/metrics`);
  expect(response.status).toBe(200);
  return parsePrometheusText(await response.text());
}

const MEASURES = ['lcp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds', 'inp_seconds'] as const;

/** How many page views of `page` each histogram holds, and the reports the API answered. */
async function recorded(page: string) {
  const samples = await scrape();
  const counts = Object.fromEntries(
    MEASURES.map((name) => [
      name,
      sampleSum(samples, `hackclass_web_vitals_${name}_count`, { page }),
    ]),
  ) as Record<(typeof MEASURES)[number], number>;
  const reports = sampleSum(samples, 'hackclass_http_request_duration_seconds_count', {
    route: '/api/web-vitals',
    status_class: '2xx',
  });
  return { ...counts, reports };
}

/**
 * Loads `path` in a page of its own until it shows its main heading and the network is quiet:
 * the app starts measuring once the page has loaded, with code it fetches then.
 */
async function load(path: string): Promise<Page> {
  const page = await freshPage(app);
  await page.goto(`${app.server.url}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Interactions count once the measuring code runs: it is fetched after the first paint, which
  // a busy machine may put after the network went quiet.
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.includes('report-web-vitals')),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page;
}

describe('the web app’s Core Web Vitals', () => {
  it('are recorded for a page load once the visitor leaves the page, in one report', async () => {
    const before = await recorded('/login');
    const page = await load('/login');
    // A click on the page: an interaction, for INP, and the end of LCP's candidates.
    await page.getByRole('heading', { level: 1 }).first().click();
    // Before leaving, as a person would: web-vitals takes the interaction in when the page idles.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.goto('about:blank');
    // The request's own count lands once its answer is sent, a moment after the measures.
    await expect
      .poll(() => recorded('/login'))
      .toEqual({
        lcp_seconds: before.lcp_seconds + 1,
        cls: before.cls + 1,
        fcp_seconds: before.fcp_seconds + 1,
        ttfb_seconds: before.ttfb_seconds + 1,
        inp_seconds: before.inp_seconds + 1,
        reports: before.reports + 1,
      });
    const samples = await scrape();
    const lcpSeconds = sampleSum(samples, 'hackclass_web_vitals_lcp_seconds_sum', {
      page: '/login',
    });
    expect(lcpSeconds).toBeGreaterThan(0);
    expect(lcpSeconds).toBeLessThan(60);
  });

  it('name the page by its route pattern, never by its path, when the tab is closed', async () => {
    const token = 'a-token-that-must-stay-out-of-metrics';
    const before = await recorded('/invitations/:token');
    const page = await load(`/invitations/${token}`);
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await recorded('/invitations/:token')).cls).toBe(before.cls + 1);
    const text = await (await fetch(`${app.server.url}/metrics`)).text();
    expect(text).not.toContain(token);
  });
});
