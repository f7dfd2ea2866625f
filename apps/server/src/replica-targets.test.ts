import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAccount,
  isReachable,
  openTerminal,
  TEST_API_KEY,
  targetBrowser,
  uniqueEmail,
} from '@hackclass/api/testing';
import { type Target, TERMINAL_CLOSE, type TerminalTicket } from '@hackclass/contracts';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { buildBoxImage, buildTestImages, testPortWindow } from '@hackclass/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, formOf, type ServerProcess, startServerProcess } from '../testing';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const missing = [
  !process.env.DATABASE_URL && !(await isReachable(POSTGRES_URL, 5432)) && 'PostgreSQL',
  !(await isReachable(REDIS_URL, 6379)) && 'Redis',
  spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0 && 'container engine',
].filter(Boolean);
if (missing.length > 0) {
  console.warn(`Targets across replicas not tested: no ${missing.join(' nor ')}`);
}

describe.skipIf(missing.length > 0)('live targets and attack boxes across two replicas', () => {
  const adminSecret = randomBytes(32).toString('base64url');
  const keySecret = randomBytes(32).toString('base64url');
  const adminEmail = uniqueEmail('admin');
  const first = testPortWindow(100).first;
  let database: TestDatabase;
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let boxImage: Awaited<ReturnType<typeof buildBoxImage>>;
  let one: ServerProcess;
  let two: ServerProcess;
  let adminToken: string;

  const start = () =>
    startServerProcess({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hackclass-replica-')),
      DATABASE_URL: database.databaseUrl ?? '',
      IDENTITY_ADMIN_SECRET: adminSecret,
      IDENTITY_KEY_SECRET: keySecret,
      IDENTITY_API_KEY: TEST_API_KEY,
      ADMIN_EMAILS: adminEmail,
      LABS_DRIVER: 'docker',
      LAB_PORT_RANGE: `${first}-${first + 49}`,
      // Who watches a terminal goes from replica to replica through it.
      REDIS_URL,
      ATTACKBOX_IMAGE: boxImage.image,
      ATTACKBOX_MEMORY_MB: '64',
      // The server process inherits no environment: the engine these tests reach, if not the default.
      ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
    });

  beforeAll(async () => {
    [images, boxImage] = await Promise.all([buildTestImages(), buildBoxImage()]);
    database = await createTestDatabase(POSTGRES_URL);
    // One after the other: the first one migrates the shared database.
    one = await start();
    two = await start();
    adminToken = (await createAccount({ origin: one.url, adminSecret }, { email: adminEmail }))
      .idToken;
  }, 240_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await Promise.allSettled([images?.remove(), boxImage?.remove()]);
    await database?.drop();
  });

  it('opens through one replica a target started through the other, and stops it there', async () => {
    const admin = await apiSessionOf(one.url, adminToken);
    const { idToken } = await createAccount({ origin: one.url, adminSecret });
    const [studentOnOne, studentOnTwo] = await Promise.all([
      apiSessionOf(one.url, idToken),
      apiSessionOf(two.url, idToken),
    ]);
    const me = await studentOnOne<{ id: string }>('GET', '/users/me');
    const lab = await admin<{ id: string }>(
      'POST',
      '/hacking-labs',
      formOf({
        name: 'Replicated target',
        difficulty: 'Easy',
        category: 'Web',
        points: '10',
        flags: '[]',
        target: JSON.stringify({
          image: images.web,
          port: 8080,
          kind: 'http',
          flagMode: 'per-student',
        }),
      }),
    );
    const room = await admin<{ id: string }>(
      'POST',
      '/classrooms',
      formOf({ name: 'Replicas 101', teacherName: 'Ada' }),
    );
    await admin('POST', `/classrooms/${room.id}/hacking-labs`, { hackingLabId: lab.id });
    const { joinCode } = await admin<{ joinCode: string }>('GET', `/classrooms/${room.id}`);
    await studentOnOne('POST', '/classrooms/join', { classroomCode: joinCode });
    await admin('PATCH', `/classrooms/${room.id}/members/${me.id}`, { status: 'Accepted' });

    const target = await studentOnOne<Target>(
      'POST',
      `/classrooms/${room.id}/labs/${lab.id}/target`,
    );
    await expect
      .poll(async () => (await studentOnTwo<Target>('GET', `/targets/${target.id}`)).state, {
        timeout: 30_000,
      })
      .toBe('running');
    const { url } = await studentOnOne<{ url: string }>('POST', `/targets/${target.id}/ticket`);
    const browser = targetBrowser(two.url, target.id);
    expect((await browser.open(url)).status).toBe(200);
    await expect
      .poll(async () => (await browser.get('/')).body, { timeout: 15_000, interval: 250 })
      .toMatch(/Flag: HC\{[a-z2-7]{24}\}/);

    const stopping = await studentOnTwo<Target>('DELETE', `/targets/${target.id}`);
    expect(stopping.state).toBe('stopping');
    await expect
      .poll(async () => (await studentOnOne<Target>('GET', `/targets/${target.id}`)).state, {
        timeout: 20_000,
      })
      .toBe('stopped');
    expect((await browser.get('/')).status).not.toBe(200);
  }, 120_000);

  it('serves a box’s terminal from either replica, and tells its owner on one who watches on the other', async () => {
    const admin = await apiSessionOf(one.url, adminToken);
    const adminOnTwo = await apiSessionOf(two.url, adminToken);
    const { idToken } = await createAccount(
      { origin: one.url, adminSecret },
      { email: uniqueEmail('box-owner') },
    );
    const [studentOnOne, studentOnTwo] = await Promise.all([
      apiSessionOf(one.url, idToken),
      apiSessionOf(two.url, idToken),
    ]);
    const me = await studentOnOne<{ id: string }>('GET', '/users/me');
    const room = await admin<{ id: string }>(
      'POST',
      '/classrooms',
      formOf({ name: 'Boxes 101', teacherName: 'Ada' }),
    );
    const { joinCode } = await admin<{ joinCode: string }>('GET', `/classrooms/${room.id}`);
    await studentOnOne('POST', '/classrooms/join', { classroomCode: joinCode });
    await admin('PATCH', `/classrooms/${room.id}/members/${me.id}`, { status: 'Accepted' });

    const box = await studentOnOne<Target>('POST', `/classrooms/${room.id}/box`);
    await expect
      .poll(async () => (await studentOnTwo<Target>('GET', `/targets/${box.id}`)).state, {
        timeout: 30_000,
      })
      .toBe('running');
    // The owner's ticket from replica two, used on replica one.
    const owner = terminalOn(
      one.url,
      (await studentOnTwo<TerminalTicket>('POST', `/targets/${box.id}/terminal`)).url,
    );
    await owner.opened;
    const watcher = terminalOn(
      two.url,
      (await adminOnTwo<TerminalTicket>('POST', `/targets/${box.id}/terminal`)).url,
    );
    await watcher.opened;
    await expect
      .poll(() => owner.texts, { timeout: 20_000 })
      .toContainEqual({
        type: 'watchers',
        names: [expect.any(String)],
      });
    owner.socket.send(Buffer.from('echo across-$((3*7))\n'));
    await expect.poll(() => watcher.screen, { timeout: 15_000 }).toContain('across-21');
    watcher.socket.close();
    await expect
      .poll(() => owner.texts.at(-1), { timeout: 20_000 })
      .toEqual({ type: 'watchers', names: [] });

    await studentOnTwo('DELETE', `/targets/${box.id}`);
    expect(await owner.closed).toBe(TERMINAL_CLOSE.boxEnded);
  }, 120_000);
});

/** A terminal WebSocket on `server`, with a ticket any replica issued, from that server's page. */
function terminalOn(server: string, ticketUrl: string) {
  const url = new URL(ticketUrl);
  const here = new URL(server);
  url.host = here.host;
  return openTerminal(url, here.origin);
}
