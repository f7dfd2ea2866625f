import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  echoUpstream,
  openableTarget,
  proxyDatabase,
  startTargetProxy,
  type TargetBrowser,
  targetBrowser,
  targetSocket,
} from '../../test/support/target-proxy';
import { PROXY_LIMITS, type ProxyLimits } from './proxy-limits';

type Proxy = Awaited<ReturnType<typeof startTargetProxy>>;

let database: Awaited<ReturnType<typeof proxyDatabase>>;
const proxies: Proxy[] = [];
const upstreams: Awaited<ReturnType<typeof echoUpstream>>[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  database = await proxyDatabase();
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all(upstreams.map((upstream) => upstream.close()));
  await database?.close();
});

async function proxyWith(limits: Partial<ProxyLimits>): Promise<Proxy> {
  const proxy = await startTargetProxy(database.connection, { limits });
  proxies.push(proxy);
  return proxy;
}

/** A new user's browser holding the pass of their own target, on `hostPort` or an echo. */
async function userOn(proxy: Proxy, hostPort?: number): Promise<TargetBrowser> {
  let port = hostPort;
  if (port === undefined) {
    const upstream = await echoUpstream();
    upstreams.push(upstream);
    port = upstream.port;
  }
  const { targetId, ticketPath } = await openableTarget(database.db, port);
  const browser = targetBrowser(proxy.origin, targetId);
  expect((await browser.send('GET', ticketPath)).status).toBe(200);
  return browser;
}

/** A WebSocket of `browser`'s user to their target: open (and kept to close), or the status. */
async function upgrade(proxy: Proxy, browser: TargetBrowser) {
  const answer = await targetSocket(proxy.origin, browser.host, {
    cookie: `hackclass_target=${browser.cookies.get('hackclass_target')}`,
  });
  if (typeof answer !== 'number') sockets.push(answer);
  return answer;
}

const closed = (socket: WebSocket) =>
  new Promise<void>((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve();
    else socket.once('close', () => resolve());
  });

describe('tunnels a user holds open', () => {
  it('refuses a user’s 33rd open tunnel with 429 while another user’s opens; closing one frees a slot', async () => {
    const proxy = await proxyWith({});
    const [flooder, other] = await Promise.all([userOn(proxy), userOn(proxy)]);
    const open: WebSocket[] = [];
    for (let index = 0; index < PROXY_LIMITS.tunnelsPerUser; index += 1) {
      const socket = await upgrade(proxy, flooder);
      expect(socket).not.toBeTypeOf('number');
      open.push(socket as WebSocket);
    }
    expect(await upgrade(proxy, flooder)).toBe(429);
    expect(await upgrade(proxy, other)).not.toBeTypeOf('number');

    const [first] = open;
    first?.close();
    if (first) await closed(first);
    await expect
      .poll(async () => typeof (await upgrade(proxy, flooder)), { timeout: 10_000, interval: 100 })
      .toBe('object');
  });

  it('refuses past the limit of one target, whoever asks', async () => {
    const proxy = await proxyWith({ tunnelsPerTarget: 2 });
    const owner = await userOn(proxy);
    expect(await upgrade(proxy, owner)).not.toBeTypeOf('number');
    expect(await upgrade(proxy, owner)).not.toBeTypeOf('number');
    expect(await upgrade(proxy, owner)).toBe(429);
  });

  it('closes a tunnel that carries nothing either way for the idle time, and frees its slot', async () => {
    const proxy = await proxyWith({ tunnelIdleMs: 500, tunnelsPerUser: 1 });
    const user = await userOn(proxy);
    const socket = await upgrade(proxy, user);
    expect(socket).not.toBeTypeOf('number');
    const started = Date.now();
    await closed(socket as WebSocket);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    await expect
      .poll(async () => typeof (await upgrade(proxy, user)), { timeout: 10_000, interval: 100 })
      .toBe('object');
  });
});

describe('requests a user sends', () => {
  it('answers the proxy’s own 429 page past the requests of a minute, to that user only', async () => {
    const proxy = await proxyWith({ requestsPerMinute: 5 });
    const [flooder, other] = await Promise.all([userOn(proxy), userOn(proxy)]);
    for (let index = 0; index < 5; index += 1) {
      expect((await flooder.get('/')).status).toBe(200);
    }
    const refused = await flooder.get('/');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await upgrade(proxy, flooder)).toBe(429);
    expect((await other.get('/')).status).toBe(200);
  });

  it('answers 429 past the requests waiting at once, and takes more once they are answered', async () => {
    const held: (() => void)[] = [];
    const slow: Server = createServer((_request, response) => {
      held.push(() => response.end('late'));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const proxy = await proxyWith({ requestsInFlight: 2 });
      const user = await userOn(proxy, (slow.address() as AddressInfo).port);
      const waiting = [user.get('/1'), user.get('/2')];
      await expect.poll(() => held.length).toBe(2);
      expect((await user.get('/3')).status).toBe(429);
      for (const answer of held.splice(0)) answer();
      expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200]);
      const next = user.get('/4');
      await expect.poll(() => held.length).toBe(1);
      held.splice(0).forEach((answer) => {
        answer();
      });
      expect((await next).status).toBe(200);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
