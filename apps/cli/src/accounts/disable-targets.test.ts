import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { schema } from '@hackclass/api';
import { createAccount, TEST_API_KEY, uniqueEmail } from '@hackclass/api/testing';
import type { Target } from '@hackclass/contracts';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import {
  apiSessionOf,
  buildTestImages,
  formOf,
  serverSchemas,
  startServerProcess,
  testPortWindow,
} from '@hackclass/server/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '../commands';
import { withOperatorServer } from '../operator-server';

const engineAnswers = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!engineAnswers) console.warn('No container engine answers: the CLI’s target test is skipped.');

describe.skipIf(!engineAnswers)('users disable, with live targets', () => {
  const adminSecret = randomBytes(32).toString('base64url');
  const adminEmail = uniqueEmail('admin');
  const studentEmail = uniqueEmail('student');
  const first = testPortWindow(100).first;
  let database: TestDatabase;
  let env: Record<string, string>;
  let images: Awaited<ReturnType<typeof buildTestImages>>;

  beforeAll(async () => {
    images = await buildTestImages();
    database = await createTestDatabase(undefined, { migrated: serverSchemas });
    env = {
      LABS_DRIVER: 'docker',
      LAB_PORT_RANGE: `${first}-${first + 49}`,
      IDENTITY_ADMIN_SECRET: adminSecret,
      IDENTITY_API_KEY: TEST_API_KEY,
      ADMIN_EMAILS: adminEmail,
      // The server process inherits no environment: the engine these tests reach, if not the default.
      ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
  });

  afterAll(async () => {
    if (env) {
      await withOperatorServer(memoryIo(env), async ({ targets }) => {
        for (const container of (await targets.driver?.list()) ?? []) {
          await targets.driver?.stop(container.targetId);
        }
      });
    }
    await images?.remove();
    await database?.drop();
  });

  it('stops the disabled student’s running target, container and row', async () => {
    const server = await startServerProcess(env);
    let target: Target;
    try {
      const origin = server.url;
      const admin = await apiSessionOf(
        origin,
        (await createAccount({ origin, adminSecret }, { email: adminEmail })).idToken,
      );
      const student = await apiSessionOf(
        origin,
        (await createAccount({ origin, adminSecret }, { email: studentEmail })).idToken,
      );
      const me = await student<{ id: string }>('GET', '/users/me');
      const lab = await admin<{ id: string }>(
        'POST',
        '/hacking-labs',
        formOf({
          name: 'Disable me',
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
        formOf({ name: 'Disable 101', teacherName: 'Ada' }),
      );
      await admin('POST', `/classrooms/${room.id}/hacking-labs`, { hackingLabId: lab.id });
      const { joinCode } = await admin<{ joinCode: string }>('GET', `/classrooms/${room.id}`);
      await student('POST', '/classrooms/join', { classroomCode: joinCode });
      await admin('PATCH', `/classrooms/${room.id}/members/${me.id}`, { status: 'Accepted' });
      target = await student<Target>('POST', `/classrooms/${room.id}/labs/${lab.id}/target`);
      await expect
        .poll(async () => (await student<Target>('GET', `/targets/${target.id}`)).state, {
          timeout: 30_000,
        })
        .toBe('running');
    } finally {
      // The embedded database is the server's alone while it runs.
      await server.stop();
    }

    const io = memoryIo(env);
    expect(await runCli(['users', 'disable', studentEmail], io, commands)).toBe(0);
    expect(io.stdout()).toBe(`${studentEmail} is disabled.\n`);
    const after = await withOperatorServer(memoryIo(env), async ({ db, targets }) => {
      const [row] = await db.select().from(schema.targets).where(eq(schema.targets.id, target.id));
      return { state: row?.state, container: await targets.driver?.inspect(target.id) };
    });
    expect(after).toEqual({ state: 'stopped', container: undefined });
  });
});
