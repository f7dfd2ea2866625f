import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  echoUpstream,
  openableTarget,
  proxyDatabase,
  siblingTarget,
  startTargetProxy,
  type TargetBrowser,
  targetBrowser,
  targetSocket,
} from '../../test/support/target-proxy';

let database: Awaited<ReturnType<typeof proxyDatabase>>;
let proxy: Awaited<ReturnType<typeof startTargetProxy>>;
let upstreams: Awaited<ReturnType<typeof echoUpstream>>[];
/** One teacher's browser holding the passes of two of their students' targets, A and B. */
let targetA: TargetBrowser;
let targetB: TargetBrowser;

const OTHER_SITE = 'This request came from another site';

beforeAll(async () => {
  [database, ...upstreams] = await Promise.all([proxyDatabase(), echoUpstream(), echoUpstream()]);
  proxy = await startTargetProxy(database.connection);
  const [first, second] = upstreams;
  const a = await openableTarget(database.db, first?.port ?? 0);
  const b = await siblingTarget(database.db, a, second?.port ?? 0);
  targetA = targetBrowser(proxy.origin, a.targetId);
  targetB = targetBrowser(proxy.origin, b.targetId);
  // Opened from HackClass: a navigation from another site, which the ticket exchange takes.
  for (const [browser, ticketPath] of [
    [targetA, a.ticketPath],
    [targetB, b.ticketPath],
  ] as const) {
    const opened = await browser.send('GET', ticketPath, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(opened.status).toBe(200);
  }
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all((upstreams ?? []).map((upstream) => upstream.close()));
  await database?.close();
});

const passOf = (browser: TargetBrowser) =>
  `hackclass_target=${browser.cookies.get('hackclass_target')}`;

describe('a target’s page acting on a sibling target through the teacher’s browser', () => {
  it('is refused: B’s pass does not pass on a request A’s page made (Sec-Fetch-Site same-site or cross-site)', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const answer = await targetB.get('/cgi-bin/x?touch%20/www/pwned', {
        'sec-fetch-site': site,
        'sec-fetch-mode': 'no-cors',
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toContain(OTHER_SITE);
    }
    const posted = await targetB.send('POST', '/form', {
      headers: { origin: `http://${targetA.host}` },
      body: Buffer.from('x=1'),
    });
    expect(posted.status).toBe(403);
  });

  it('admits B’s own pages (same-origin), a typed address (none) and clients that send no Sec-Fetch-Site', async () => {
    const admitted: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-origin', origin: `http://${targetB.host}` },
      {},
    ];
    for (const headers of admitted) {
      expect((await targetB.get('/', headers)).status).toBe(200);
    }
  });

  it('proxied answers carry Cross-Origin-Resource-Policy: same-origin', async () => {
    const answer = await targetB.get('/');
    expect(answer.status).toBe(200);
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('a WebSocket to a target', () => {
  const open: WebSocket[] = [];
  afterAll(() => {
    for (const socket of open) socket.close();
  });

  it('is refused (403) from https://evil.example or another target’s origin, whatever the pass', async () => {
    for (const origin of ['https://evil.example', `http://${targetA.host}`, 'null']) {
      const answer = await targetSocket(proxy.origin, targetB.host, {
        cookie: passOf(targetB),
        origin,
      });
      expect(answer).toBe(403);
    }
  });

  it('opens from the target’s own origin', async () => {
    const socket = await targetSocket(proxy.origin, targetB.host, {
      cookie: passOf(targetB),
      origin: `http://${targetB.host}`,
    });
    expect(socket).not.toBeTypeOf('number');
    open.push(socket as WebSocket);
  });
});
