import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughForm, testPerson } from './support/accounts';
import { createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { freshPage, useScheme } from './support/pages';

let app: RunningApp;
let framer: Server;
let framerUrl: string;

beforeAll(async () => {
  app = await startApp();
  // Another site, on another origin, that tries to show the app inside a frame of its own.
  framer = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(
      `<!doctype html><title>Framer</title><iframe src="${app.server.url}/login"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => framer.close(resolve));
  await app.close();
});

/** What the page reports about its CSP: console messages and `securitypolicyviolation` events. */
async function watchPolicy(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__policyViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  return {
    console,
    violations: () =>
      page.evaluate(
        () => (window as unknown as { __policyViolations: string[] }).__policyViolations,
      ),
  };
}

describe('the content security policy', () => {
  it('lets the app sign in and work, in light and dark mode, without a single violation', async () => {
    const account = await createVerifiedAccount(app, testPerson('Csp Teacher', 'Teacher'));
    const page = await freshPage(app);
    const policy = await watchPolicy(page);

    await page.goto(`${app.server.url}/login`);
    await logInThroughForm(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await policy.violations()).toEqual([]);

    for (const scheme of ['dark', 'light'] as const) {
      await useScheme(page, scheme);
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.screenshot({
        path: join(tmpdir(), `csp-dashboard-${scheme}.png`),
        fullPage: true,
      });
      expect(await policy.violations()).toEqual([]);
    }
    await page.goto(`${app.server.url}/classrooms`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await policy.violations()).toEqual([]);
    expect(policy.console).toEqual([]);
  });

  it('keeps the app out of another site’s frame', async () => {
    const page = await freshPage(app);
    const refusals: string[] = [];
    page.on('console', (message) => refusals.push(message.text()));
    await page.goto(framerUrl);
    await expect
      .poll(() => refusals.join('\n'))
      .toMatch(
        /Framing '.*' violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
      );
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(await frame?.locator('#root').count()).toBe(0);
  });
});
