import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { Readable } from 'node:stream';
import { freePort } from '@hackclass/http/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../test/support';
import { classroom } from '../../test/support/labs';
import {
  type Echo,
  echoUpstream,
  insertLab,
  insertTarget,
  type TargetBrowser,
  targetBrowser,
} from '../../test/support/target-proxy';
import { classroomCoTeachers, targets, targetTickets, users } from '../db/schema';
import { ensureDeployment } from '../targets/deployment';
import { signPass } from './cookie';
import { TICKET_PATH } from './tickets';

let server: ApiServer;
let upstreams: Awaited<ReturnType<typeof echoUpstream>>[];
let people: Record<
  'teacher' | 'coTeacher' | 'owner' | 'classmate' | 'outsider' | 'otherTeacher' | 'admin',
  Person
>;
let labId: string;
let classroomId: string;
/** The owner's running target, and the classmate's, each on an upstream of its own. */
let ownerTarget: string;
let classmateTarget: string;

const USED_OR_EXPIRED =
  'This link has been used or has expired: open the target again from HackClass.';

beforeAll(async () => {
  server = await startApiServer();
  upstreams = await Promise.all([echoUpstream(), echoUpstream()]);
  const [teacher, coTeacher, owner, classmate, outsider, otherTeacher, admin] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher', 'co-teacher'),
    signedInAs(server, 'student', 'owner'),
    signedInAs(server, 'student', 'classmate'),
    signedInAs(server, 'student', 'outsider'),
    signedInAs(server, 'teacher', 'other-teacher'),
    signedInAs(server, 'admin'),
  ]);
  people = { teacher, coTeacher, owner, classmate, outsider, otherTeacher, admin };
  labId = await insertLab(server.db, teacher.id);
  classroomId = (
    await classroom(server, teacher.id, {
      members: [
        [owner.id, 'Accepted'],
        [classmate.id, 'Accepted'],
      ],
      labs: [labId],
    })
  ).id;
  await server.db.insert(classroomCoTeachers).values({ classroomId, userId: coTeacher.id });
  const [first, second] = upstreams;
  ownerTarget = await insertTarget(server.db, {
    labId,
    classroomId,
    userId: owner.id,
    hostPort: first?.port ?? 0,
  });
  classmateTarget = await insertTarget(server.db, {
    labId,
    classroomId,
    userId: classmate.id,
    hostPort: second?.port ?? 0,
  });
});

afterAll(async () => {
  await server?.close();
  await Promise.all((upstreams ?? []).map((upstream) => upstream.close()));
});

const ticketOf = (who: Person, targetId: string) =>
  who.session.call('POST', `/targets/${targetId}/ticket`);

/** A browser on the target's host that has exchanged a fresh ticket of `who`. */
async function openedBy(who: Person, targetId: string): Promise<TargetBrowser> {
  const ticket = await ticketOf(who, targetId);
  expect(ticket.status).toBe(200);
  const browser = targetBrowser(server.origin, targetId);
  const exchanged = await browser.open(ticket.json<{ url: string }>().url);
  expect(exchanged.status).toBe(200);
  return browser;
}

const echoOf = (answer: { body: string }) => JSON.parse(answer.body) as Echo;

/** The status of a WebSocket upgrade the proxy refuses (it fails the test if one opens). */
function refusedUpgrade(host: string, cookie?: string): Promise<number> {
  const socket = new WebSocket(`ws://127.0.0.1:${new URL(server.origin).port}/socket`, {
    headers: { host, ...(cookie ? { cookie } : {}) },
  });
  return new Promise<number>((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => reject(new Error('the upgrade went through')));
    socket.once('error', reject);
  });
}

describe('the Open ticket', () => {
  it('is a single-use link to the target’s own host name', async () => {
    const answer = await ticketOf(people.owner, ownerTarget);
    expect(answer.status).toBe(200);
    const url = new URL(answer.json<{ url: string }>().url);
    expect(url.host).toBe(targetBrowser(server.origin, ownerTarget).host);
    expect(url.protocol).toBe('http:');
    expect(url.pathname).toBe(TICKET_PATH);
    const ticket = url.searchParams.get('ticket') ?? '';
    expect(ticket).toMatch(/^[\w-]{43}$/);
    // Only its hash is kept.
    const stored = await server.db
      .select()
      .from(targetTickets)
      .where(eq(targetTickets.targetId, ownerTarget));
    expect(stored.map((row) => row.tokenHash)).toContain(
      createHash('sha256').update(ticket).digest('hex'),
    );
    expect(JSON.stringify(stored)).not.toContain(ticket);
  });

  it('is for the owner, the classroom’s teachers and admins; 404 for everyone else', async () => {
    const statuses = Object.fromEntries(
      await Promise.all(
        Object.entries(people).map(async ([name, who]) => [
          name,
          (await ticketOf(who, ownerTarget)).status,
        ]),
      ),
    );
    expect(statuses).toEqual({
      teacher: 200,
      coTeacher: 200,
      owner: 200,
      classmate: 404,
      outsider: 404,
      otherTeacher: 404,
      admin: 200,
    });
  });

  it('is refused for a TCP target (400) and a target that is not running (409)', async () => {
    const [tcp, stopped] = await Promise.all([
      insertTarget(server.db, {
        labId: await insertLab(server.db, people.teacher.id),
        classroomId,
        userId: people.owner.id,
        hostPort: await freePort(),
        kind: 'tcp',
      }),
      insertTarget(server.db, {
        labId: await insertLab(server.db, people.teacher.id),
        classroomId,
        userId: people.owner.id,
        hostPort: await freePort(),
        state: 'stopped',
      }),
    ]);
    const tcpAnswer = await ticketOf(people.owner, tcp);
    expect(tcpAnswer.status).toBe(400);
    expect(tcpAnswer.json()).toMatchObject({ code: 'not_an_http_target' });
    const stoppedAnswer = await ticketOf(people.owner, stopped);
    expect(stoppedAnswer.status).toBe(409);
    expect(stoppedAnswer.json()).toMatchObject({ code: 'target_not_running' });
  });
});

describe('opening a target', () => {
  it('exchanges the ticket for a host-only cookie on a page that goes on to the target', async () => {
    const { url } = (await ticketOf(people.owner, ownerTarget)).json<{ url: string }>();
    const browser = targetBrowser(server.origin, ownerTarget);
    const exchanged = await browser.open(url);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toContain('<meta http-equiv="refresh" content="0;url=/">');
    expect(exchanged.body).not.toMatch(/<script|src=/);
    expect(exchanged.headers['content-security-policy']).toContain("default-src 'none'");
    expect(exchanged.headers['cache-control']).toBe('no-store');
    expect(exchanged.headers['referrer-policy']).toBe('no-referrer');
    const [cookie] = exchanged.headers['set-cookie'] ?? [];
    expect(cookie).toMatch(
      new RegExp(`^hackclass_target=${ownerTarget}\\.${people.owner.id}\\.\\d+\\.[\\w-]+; Path=/;`),
    );
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toMatch(/domain=/i);
    expect(cookie).not.toContain('Secure');

    const page = await browser.get('/notes?x=1');
    expect(page.status).toBe(200);
    expect(echoOf(page)).toMatchObject({ method: 'GET', url: '/notes?x=1' });
  });

  it('lets the classroom’s teachers and admins in with their own tickets', async () => {
    for (const who of [people.teacher, people.coTeacher, people.admin]) {
      const browser = await openedBy(who, ownerTarget);
      expect((await browser.get('/')).status).toBe(200);
    }
  });

  it('refuses a ticket a second time, and two tabs using it at once get it once', async () => {
    const { url } = (await ticketOf(people.owner, ownerTarget)).json<{ url: string }>();
    const tabs = [1, 2, 3].map(() => targetBrowser(server.origin, ownerTarget));
    const answers = await Promise.all(tabs.map((tab) => tab.open(url)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403]);
    const again = await targetBrowser(server.origin, ownerTarget).open(url);
    expect(again.status).toBe(403);
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.body).toContain(USED_OR_EXPIRED);
    expect(again.body).not.toMatch(/<script|src=|href="http(?!:\/\/localhost)/);
  });

  it('refuses an expired ticket, an unknown one and none at all', async () => {
    const { url } = (await ticketOf(people.owner, ownerTarget)).json<{ url: string }>();
    await server.db
      .update(targetTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(targetTickets.targetId, ownerTarget));
    const browser = targetBrowser(server.origin, ownerTarget);
    for (const link of [
      url,
      `http://x${TICKET_PATH}?ticket=${'a'.repeat(43)}`,
      `http://x${TICKET_PATH}`,
    ]) {
      const answer = await browser.open(link);
      expect(answer.status).toBe(403);
      expect(answer.body).toContain(USED_OR_EXPIRED);
    }
    expect(browser.cookies.size).toBe(0);
  });

  it('refuses a ticket on another target’s host, which leaves it good for its own', async () => {
    const { url } = (await ticketOf(people.owner, ownerTarget)).json<{ url: string }>();
    const elsewhere = await targetBrowser(server.origin, classmateTarget).open(url);
    expect(elsewhere.status).toBe(403);
    expect((await targetBrowser(server.origin, ownerTarget).open(url)).status).toBe(200);
  });

  it('takes the ticket path for itself: the target never sees it', async () => {
    const browser = await openedBy(people.owner, ownerTarget);
    const post = await browser.send('POST', `${TICKET_PATH}?ticket=x`);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });
});

describe('who gets through', () => {
  const NO_PASS = 'Open this target from HackClass';

  it('no one without a cookie: an anonymous visitor gets the page saying where to open it', async () => {
    const answer = await targetBrowser(server.origin, ownerTarget).get('/');
    expect(answer.status).toBe(401);
    expect(answer.body).toContain(NO_PASS);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('not the classmate, with their own valid cookie for their own target', async () => {
    const theirs = await openedBy(people.classmate, classmateTarget);
    expect((await theirs.get('/')).status).toBe(200);
    const cookie = theirs.cookies.get('hackclass_target') ?? '';
    const answer = await targetBrowser(server.origin, ownerTarget).get('/', {
      cookie: `hackclass_target=${cookie}`,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toContain(NO_PASS);
  });

  it('not a forged or altered cookie', async () => {
    const mine = await openedBy(people.owner, ownerTarget);
    const value = mine.cookies.get('hackclass_target') ?? '';
    const [targetId, , expiry, signature] = value.split('.');
    const forgeries = [
      `${targetId}.${people.outsider.id}.${expiry}.${signature}`,
      `${targetId}.${people.owner.id}.${Number(expiry) + 86_400}.${signature}`,
      signPass(randomBytes(32).toString('hex'), {
        targetId: ownerTarget,
        userId: people.owner.id,
        expiresAt: Number(expiry),
      }),
    ];
    for (const forged of forgeries) {
      const answer = await targetBrowser(server.origin, ownerTarget).get('/', {
        cookie: `hackclass_target=${forged}`,
      });
      expect(answer.status).toBe(401);
    }
  });

  it('not an outsider, even with a pass signed by the deployment’s own secret', async () => {
    const { proxySecret: secret } = await ensureDeployment(server.db);
    const pass = signPass(secret, {
      targetId: ownerTarget,
      userId: people.outsider.id,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    const answer = await targetBrowser(server.origin, ownerTarget).get('/', {
      cookie: `hackclass_target=${pass}`,
    });
    expect(answer.status).toBe(401);
  });
});

describe('what reaches the target and what comes back', () => {
  let browser: TargetBrowser;
  beforeAll(async () => {
    browser = await openedBy(people.owner, ownerTarget);
  });

  it('never HackClass’s cookies, the app’s anti-forgery cookies included; the target’s own pass', async () => {
    const pass = browser.cookies.get('hackclass_target');
    const answer = await browser.get('/', {
      cookie: `own=1; hackclass_target=${pass}; __Host-hackclass_xsrf=s1; hackclass_xsrf=s2; theme=dark`,
    });
    expect(answer.status).toBe(200);
    const { headers } = echoOf(answer);
    expect(headers.cookie).toBe('own=1; theme=dark');
    expect(JSON.stringify(headers)).not.toContain('hackclass');
    expect(JSON.stringify(headers)).not.toContain(pass);
    expect(headers['x-forwarded-host']).toBe(browser.host);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers.host).toBe(browser.host);
  });

  it('the target’s cookies on its own host only, none named like HackClass’s; its own headers, none of the app’s', async () => {
    const answer = await browser.get('/');
    expect(answer.headers['set-cookie']).toEqual(['own=1; Path=/', 'wide=1; Path=/']);
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(browser.cookies.get('hackclass_target')).not.toBe('planted');
  });

  it('the path byte for byte, escapes Fastify would refuse included', async () => {
    const path = '/files/%c0%ae%c0%ae/%zz/../api/classrooms?q=%ff&x';
    const answer = await browser.get(path);
    expect(answer.status).toBe(200);
    expect(echoOf(answer).url).toBe(path);
  });

  it('a body of several MB, whole, with a length or chunked', async () => {
    const body = randomBytes(5 * 1024 * 1024);
    const sha = createHash('sha256').update(body).digest('hex');
    const sized = await browser.send('POST', '/upload', {
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(echoOf(sized)).toMatchObject({
      method: 'POST',
      bodyLength: body.length,
      bodySha256: sha,
    });
    const parts = Array.from({ length: 20 }, (_, index) =>
      body.subarray(index * 262_144, (index + 1) * 262_144),
    );
    const chunked = await browser.send('PUT', '/upload', { body: Readable.from(parts) });
    expect(echoOf(chunked)).toMatchObject({
      method: 'PUT',
      bodyLength: body.length,
      bodySha256: sha,
    });
  });

  it('a WebSocket, both ways, without HackClass’s cookies', async () => {
    const pass = browser.cookies.get('hackclass_target');
    const socket = new WebSocket(`ws://127.0.0.1:${new URL(server.origin).port}/socket`, {
      headers: { host: browser.host, cookie: `hackclass_target=${pass}; hackclass_xsrf=s; own=1` },
    });
    const messages: string[] = [];
    const received = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (messages.length >= count ? resolve() : undefined);
        socket.on('message', (data) => {
          messages.push(String(data));
          check();
        });
        socket.on('error', reject);
        check();
      });
    const first = received(1);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await first;
    const upgrade = JSON.parse(messages[0] ?? '{}') as { headers: Record<string, string> };
    expect(upgrade.headers.cookie).toBe('own=1');
    expect(upgrade.headers['x-forwarded-host']).toBe(browser.host);
    const echoed = received(2);
    socket.send('ping through the proxy');
    await echoed;
    expect(messages[1]).toBe('ping through the proxy');
    socket.close();
  });

  it('no WebSocket without a pass: a plain 401 on the socket', async () => {
    expect(await refusedUpgrade(browser.host)).toBe(401);
  });
});

describe('HackClass’s own host', () => {
  it('is served as before, plain requests and upgrade requests alike', async () => {
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    const { port } = new URL(server.origin);
    const status = await new Promise<number>((resolve, reject) => {
      request(
        {
          host: '127.0.0.1',
          port,
          path: '/healthz',
          headers: { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': '' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
  });
});

describe('a target that stops', () => {
  it('answers “not running” once stopped, and “does not answer” when nothing listens', async () => {
    const labId = await insertLab(server.db, people.teacher.id);
    const upstream = await echoUpstream();
    try {
      const targetId = await insertTarget(server.db, {
        labId,
        classroomId,
        userId: people.owner.id,
        hostPort: upstream.port,
      });
      const browser = await openedBy(people.owner, targetId);
      expect((await browser.get('/')).status).toBe(200);

      await upstream.close();
      const silent = await browser.get('/');
      expect(silent.status).toBe(502);
      expect(silent.body).toContain('This target does not answer');
      const pass = `hackclass_target=${browser.cookies.get('hackclass_target')}`;
      expect(await refusedUpgrade(browser.host, pass)).toBe(502);

      await server.db.update(targets).set({ state: 'stopped' }).where(eq(targets.id, targetId));
      await expect
        .poll(async () => (await browser.get('/')).status, { timeout: 10_000, interval: 250 })
        .toBe(503);
      expect((await browser.get('/')).body).toContain('This target is not running');
      expect(await refusedUpgrade(browser.host, pass)).toBe(503);
    } finally {
      await upstream.close().catch(() => {});
    }
  });
});

describe('a user who may no longer reach the target', () => {
  it('is refused within seconds, with the cookie they were given', async () => {
    const browser = await openedBy(people.teacher, ownerTarget);
    expect((await browser.get('/')).status).toBe(200);
    await server.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, people.teacher.id));
    await expect
      .poll(async () => (await browser.get('/')).status, { timeout: 10_000, interval: 250 })
      .toBe(401);
  });
});

describe('a target that answers what Node would refuse to send', () => {
  it('cannot make HackClass throw: the answer passes without its reason phrase', async () => {
    // A reason phrase with DEL: Node's parser takes it, Node's writeHead throws on it.
    const raw = createTcpServer((socket) =>
      socket.once('data', () =>
        socket.end(Buffer.from('HTTP/1.1 200 O\x7fK\r\nContent-Length: 2\r\n\r\nhi', 'latin1')),
      ),
    );
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const targetId = await insertTarget(server.db, {
        labId: await insertLab(server.db, people.owner.id),
        classroomId,
        userId: people.owner.id,
        hostPort: (raw.address() as AddressInfo).port,
      });
      const browser = await openedBy(people.owner, targetId);
      const answer = await browser.get('/');
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('hi');
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });
});
