import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  openableTarget,
  proxyDatabase,
  siblingTarget,
  startTargetProxy,
} from '@hackclass/api/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from './support/browser';

/**
 * The review's production layout: HackClass at hackclass.school.test, targets under
 * labs.school.test, so sibling targets are the same site. Chromium resolves both to loopback and
 * takes the targets' http origins as secure, so it sends Fetch Metadata as it does over https.
 */
const APP_HOST = 'hackclass.school.test';
const LABS_DOMAIN = 'labs.school.test';

/** A target's application: `page()` at `/`, and every path it was asked for, upgrades too. */
async function targetApp(page: () => string) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(request.url === '/' ? page() : 'ok');
  });
  server.on('upgrade', (request, socket) => {
    seen.push(`upgrade ${request.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Student A's page: with the teacher's cookies, it acts on target B and on its own target. */
const attackPage = (targetB: string) => `<!doctype html>
<title>Student A</title>
<script>
Promise.allSettled([
  fetch('${targetB}/cgi-bin/x?touch%20/www/pwned-by-student-a', { mode: 'no-cors', credentials: 'include' }),
  fetch('${targetB}/form', { method: 'POST', mode: 'no-cors', credentials: 'include', body: 'x=1' }),
  new Promise((resolve) => {
    const socket = new WebSocket('${targetB.replace('http:', 'ws:')}/terminal');
    socket.onopen = socket.onerror = resolve;
  }),
  fetch('/own', { credentials: 'include' }),
]).then(() => { document.title = 'done'; });
</script>
`;

let database: Awaited<ReturnType<typeof proxyDatabase>>;
let proxy: Awaited<ReturnType<typeof startTargetProxy>>;
let appA: Awaited<ReturnType<typeof targetApp>>;
let appB: Awaited<ReturnType<typeof targetApp>>;
let browser: Browser;
/** The teacher's Open links to the two targets, and target B's origin. */
let openA = '';
let openB = '';
let originB = '';

beforeAll(async () => {
  database = await proxyDatabase();
  proxy = await startTargetProxy(database.connection, {
    appHost: APP_HOST,
    labsDomain: LABS_DOMAIN,
  });
  const { port } = new URL(proxy.origin);
  const originOf = (targetId: string) => `http://${targetId}.${LABS_DOMAIN}:${port}`;
  appA = await targetApp(() => attackPage(originB));
  appB = await targetApp(() => '<!doctype html><title>Student B</title>');
  // Both Open links are one teacher's: A is a target of their classroom, B a student's there.
  const a = await openableTarget(database.db, appA.port);
  const b = await siblingTarget(database.db, a, appB.port);
  originB = originOf(b.targetId);
  openA = `${originOf(a.targetId)}${a.ticketPath}`;
  openB = `${originB}${b.ticketPath}`;
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      `--host-resolver-rules=MAP *.school.test 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${originOf(a.targetId)},${originB}`,
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all([appA?.close(), appB?.close()]);
  await database?.close();
});

/** Follows an Open link from a page of another site, as the teacher does from HackClass. */
async function openFromHackClass(page: Page, link: string) {
  await page.setContent(`<a href="${link}">Open target</a>`);
  await page.getByRole('link', { name: 'Open target' }).click();
}

describe('a teacher who opens two students’ targets', () => {
  it('opens each through its ticket, and target A’s page cannot reach target B with the teacher’s cookie', async () => {
    const page = await browser.newPage();
    /** What the browser sent to target B, as `method path`: the attack must have been made. */
    const sentToB: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === originB) sentToB.push(`${request.method()} ${url.pathname}`);
    });
    const pagesOf = (seen: string[]) => seen.filter((path) => path !== '/favicon.ico');

    await openFromHackClass(page, openB);
    await expect.poll(() => page.title()).toBe('Student B');
    expect(pagesOf(appB.seen)).toEqual(['/']);

    await openFromHackClass(page, openA);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('done');
    expect(pagesOf(appA.seen)).toEqual(['/', '/own']);
    expect(pagesOf(appB.seen)).toEqual(['/']);
    expect(sentToB).toEqual(expect.arrayContaining(['GET /cgi-bin/x', 'POST /form']));
    await page.close();
  });
});
