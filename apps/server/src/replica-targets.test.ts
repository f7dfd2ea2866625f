import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAccount,
  isReachable,
  TEST_API_KEY,
  targetBrowser,
  uniqueEmail,
} from '@hackclass/api/testing';
import type { Target } from '@hackclass/contracts';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { buildTestImages, testPortWindow } from '@hackclass/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessionOf, formOf, type ServerProcess, startServerProcess } from '../testing';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const missing = [
  !process.env.DATABASE_URL && !(await isReachable(POSTGRES_URL, 5432)) && 'PostgreSQL',
  spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0 && 'container engine',
].filter(Boolean);
if (missing.length > 0) {
  console.warn(`Targets across replicas not tested: no ${missing.join(' nor ')}`);
}

describe.skipIf(missing.length > 0)('a live target across two replicas', () => {
  const adminSecret = randomBytes(32).toString('base64url');
  const keySecret = randomBytes(32).toString('base64url');
  const adminEmail = uniqueEmail('admin');
  const first = testPortWindow(100).first;
  let database: TestDatabase;
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let one: ServerProcess;
  let two: ServerProcess;

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
      // The server process inherits no environment: the engine these tests reach, if not the default.
      ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
    });

  beforeAll(async () => {
    images = await buildTestImages();
    database = await createTestDatabase(POSTGRES_URL);
    // One after the other: the first one migrates the shared database.
    one = await start();
    two = await start();
  }, 240_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await images?.remove();
    await database?.drop();
  });

  it('opens through one replica a target started through the other, and stops it there', async () => {
    const admin = await apiSessionOf(
      one.url,
      (await createAccount({ origin: one.url, adminSecret }, { email: adminEmail })).idToken,
    );
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
});
