import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ClassroomWatch,
  createAccount,
  isReachable,
  TEST_API_KEY,
  uniqueEmail,
  watchClassroom,
  watchUserEvents,
} from '@hackclass/api/testing';
import type { Classroom, Lab } from '@hackclass/contracts';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerToExit, type ServerProcess, startServerProcess } from '../testing';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const missing = [
  !process.env.DATABASE_URL && !(await isReachable(POSTGRES_URL, 5432)) && 'PostgreSQL',
  !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379)) && 'Redis',
].filter(Boolean);
if (missing.length > 0) {
  console.warn(`Replicas not tested: no ${missing.join(' nor ')} (set DATABASE_URL, REDIS_URL)`);
}

const MEMBERS_FRAME = 'event: members\ndata: {"type":"members"}\n\n';

/** A browser tab on one replica: the ID token, and the anti-forgery cookie and token from it. */
function tab(origin: string, idToken: string) {
  let cookie = '';
  let xsrf = '';
  const send = (method: string, path: string, body?: object, headers = {}) =>
    fetch(`${origin}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${idToken}`,
        ...(cookie ? { cookie } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
  return {
    get: (path: string) => send('GET', path),
    async call(method: string, path: string, body?: object) {
      if (!xsrf) {
        const response = await send('POST', '/auth/antiforgery/token');
        cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
        xsrf = ((await response.json()) as { token: string }).token;
      }
      return send(method, path, body, { 'x-xsrf-token': xsrf });
    },
  };
}

describe.skipIf(missing.length > 0)('two API replicas on one PostgreSQL and one Redis', () => {
  const adminSecret = randomBytes(32).toString('base64url');
  // Each replica has a DATA_DIR of its own: the signing keys' secret must be shared explicitly.
  const keySecret = randomBytes(32).toString('base64url');
  const adminEmail = uniqueEmail('admin');
  let database: TestDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  const watches: ClassroomWatch[] = [];

  const replicaEnv = () => ({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hackclass-replica-')),
    DATABASE_URL: database.databaseUrl ?? '',
    REDIS_URL,
    IDENTITY_ADMIN_SECRET: adminSecret,
    IDENTITY_KEY_SECRET: keySecret,
    IDENTITY_API_KEY: TEST_API_KEY,
    ADMIN_EMAILS: adminEmail,
  });
  const start = () => startServerProcess(replicaEnv());
  // Signed up once, on first use, by whichever test needs the admin first.
  let admin: ReturnType<typeof createAccount> | undefined;
  const signedInAdmin = () => {
    admin ??= createAccount({ origin: one.url, adminSecret }, { email: adminEmail });
    return admin;
  };

  beforeAll(async () => {
    database = await createTestDatabase(POSTGRES_URL);
    // One after the other: the first one migrates the shared database.
    one = await start();
    two = await start();
  }, 240_000);
  afterAll(async () => {
    for (const watch of watches) watch.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.drop();
  });

  async function watch(origin: string, idToken: string, classroomId: string) {
    const opened = await watchClassroom(origin, idToken, classroomId);
    watches.push(opened);
    expect(opened.response.status).toBe(200);
    expect(await opened.nextFrame()).toBe('retry: 3000\n\n');
    return opened;
  }

  it('refuses to start a replica that cannot open the shared signing keys, naming the variable', async () => {
    const { IDENTITY_KEY_SECRET: _shared, ...withoutSecret } = replicaEnv();
    const result = await runServerToExit(withoutSecret);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^The signing key \S+ in the database was sealed with another secret: set IDENTITY_KEY_SECRET to the same value on every identity replica/,
    );
    expect(result.stderr).not.toContain('    at ');
  }, 60_000);

  /** A lab with one file, made through `origin`: the file's bytes and its download path. */
  async function labWithFile(origin: string, idToken: string, bytes: Uint8Array) {
    const form = new FormData();
    form.append('name', `Shared files ${randomBytes(4).toString('hex')}`);
    form.append('difficulty', 'Easy');
    form.append('category', 'Forensics');
    form.append('points', '50');
    form.append('flags', JSON.stringify([{ value: 'flag{shared}', caseSensitive: true }]));
    form.append('labFiles', new Blob([bytes]), 'capture.pcap');
    const created = await tab(origin, idToken).call('POST', '/hacking-labs', form);
    expect(created.status).toBe(201);
    const lab = (await created.json()) as Lab;
    return `/hacking-labs/${lab.id}/files/${lab.files[0]?.id}`;
  }

  const downloaded = async (origin: string, idToken: string, path: string) => {
    const response = await tab(origin, idToken).get(path);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('downloads through one replica, byte for byte, a lab file uploaded through the other', async () => {
    const admin = await signedInAdmin();
    const bytes = randomBytes(3 * 1024 * 1024 + 1);
    const path = await labWithFile(one.url, admin.idToken, bytes);
    expect((await downloaded(two.url, admin.idToken, path)).equals(bytes)).toBe(true);
  });

  it('copies the files a replica kept in its folder into the database when it moves there', async () => {
    const admin = await signedInAdmin();
    const env = replicaEnv();
    const bytes = randomBytes(200_000);
    const folderReplica = await startServerProcess({ ...env, FILE_STORAGE: 'folder' });
    let path = '';
    try {
      path = await labWithFile(folderReplica.url, admin.idToken, bytes);
      // Kept in that replica's folder only.
      expect((await tab(one.url, admin.idToken).get(path)).status).toBe(404);
    } finally {
      await folderReplica.stop();
    }
    // The same DATA_DIR with FILE_STORAGE left to its default on PostgreSQL: the database.
    const moved = await startServerProcess(env);
    try {
      expect(moved.output()).toContain('Copied 1 of the 1 uploaded files in DATA_DIR/files');
      expect((await downloaded(one.url, admin.idToken, path)).equals(bytes)).toBe(true);
    } finally {
      await moved.stop();
    }
    const again = await startServerProcess(env);
    try {
      expect(again.output()).toContain('Copied 0 of the 1 uploaded files');
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('holds a person to five event streams over both replicas together', async () => {
    const person = await createAccount({ origin: one.url, adminSecret });
    const streams = async (origin: string) => {
      const opened = await watchUserEvents(origin, person.idToken);
      watches.push(opened);
      return opened;
    };
    const open = [];
    for (const origin of [one.url, two.url, one.url, two.url, one.url]) {
      const opened = await streams(origin);
      expect(opened.response.status).toBe(200);
      open.push(opened);
    }
    const refused = await streams(two.url);
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toMatchObject({ code: 'too_many_streams' });

    // A tab closed on one replica frees a place on the other.
    open[0]?.close();
    await expect.poll(async () => (await streams(two.url)).response.status).toBe(200);
  });

  it('shows a change made through one replica on a stream of the other', async () => {
    const [admin, student, latecomer] = await Promise.all([
      signedInAdmin(),
      createAccount({ origin: one.url, adminSecret }),
      createAccount({ origin: one.url, adminSecret }),
    ]);
    const teacherOnOne = tab(one.url, admin.idToken);
    const studentOnOne = tab(one.url, student.idToken);
    const { id: studentId } = (await (await studentOnOne.get('/users/me')).json()) as {
      id: string;
    };
    const form = new FormData();
    form.append('name', 'Replicated 101');
    form.append('teacherName', 'Ada');
    const created = await teacherOnOne.call('POST', '/classrooms', form);
    expect(created.status).toBe(201);
    const room = (await created.json()) as Classroom;

    const teacherOnTwo = await watch(two.url, admin.idToken, room.id);
    const joined = await studentOnOne.call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(joined.status).toBe(201);
    expect(await teacherOnTwo.nextFrame()).toBe(MEMBERS_FRAME);
    const approved = await teacherOnOne.call(
      'PATCH',
      `/classrooms/${room.id}/members/${studentId}`,
      { status: 'Accepted' },
    );
    expect(approved.status).toBe(200);
    expect(await teacherOnTwo.nextFrame()).toBe(MEMBERS_FRAME);

    // The student, accepted now, watches the classroom on the second replica.
    const studentOnTwo = await watch(two.url, student.idToken, room.id);
    const latecomerJoined = await tab(one.url, latecomer.idToken).call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(latecomerJoined.status).toBe(201);
    expect(await teacherOnTwo.nextFrame()).toBe(MEMBERS_FRAME);
    expect(await studentOnTwo.nextFrame()).toBe(MEMBERS_FRAME);

    // A replica shutting down ends its open streams rather than waiting for them.
    expect(await two.stop()).toBe(0);
    expect(await teacherOnTwo.nextFrame()).toBeUndefined();
    expect(await studentOnTwo.nextFrame()).toBeUndefined();
  });
});
