import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@hackclass/api';
import { createAccount, signIn, TEST_API_KEY, uniqueEmail } from '@hackclass/api/testing';
import type { ClassroomTarget, Target } from '@hackclass/contracts';
import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { dockerDriver, type TargetDriver } from '@hackclass/engine';
import { buildTestImages, testPortWindow } from '@hackclass/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSessionOf,
  formOf,
  type ServerProcess,
  serverSchemas,
  startServerProcess,
} from '../testing';

const engineAnswers = await (async () => {
  const probe = dockerDriver({ deploymentId: 'test-probe', bindAddress: '127.0.0.1' });
  try {
    await probe.ping();
    return true;
  } catch {
    console.warn('No container engine answers: the server’s live target crash test is skipped.');
    return false;
  } finally {
    await probe.close();
  }
})();

describe.skipIf(!engineAnswers)('live targets across a kill -9 of the server', () => {
  const adminSecret = randomBytes(32).toString('base64url');
  const adminEmail = uniqueEmail('admin');
  const first = testPortWindow(100).first;
  let database: TestDatabase;
  let env: Record<string, string>;
  const settings = {
    LABS_DRIVER: 'docker',
    LAB_PORT_RANGE: `${first}-${first + 49}`,
    // The server process inherits no environment: the engine these tests reach, if not the default.
    ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
    IDENTITY_ADMIN_SECRET: adminSecret,
    IDENTITY_API_KEY: TEST_API_KEY,
    ADMIN_EMAILS: adminEmail,
  };
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let server: ServerProcess | undefined;
  let driver: TargetDriver | undefined;

  beforeAll(async () => {
    images = await buildTestImages();
    // PGlite in DATA_DIR, or a PostgreSQL database of its own when DATABASE_URL is set.
    database = await createTestDatabase(undefined, { migrated: serverSchemas });
    env = {
      ...settings,
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
  });

  afterAll(async () => {
    await server?.stop('SIGTERM');
    if (driver) {
      for (const container of await driver.list()) await driver.stop(container.targetId);
      await driver.close();
    }
    await images?.remove();
    await database?.drop();
  });

  it('leaves no orphan container and no phantom running target', async () => {
    server = await startServerProcess(env);
    const origin = server.url;
    const admin = await apiSessionOf(
      origin,
      (await createAccount({ origin, adminSecret }, { email: adminEmail })).idToken,
    );
    const student = await apiSessionOf(
      origin,
      (await createAccount({ origin, adminSecret })).idToken,
    );
    const me = await student<{ id: string }>('GET', '/users/me');
    const target = JSON.stringify({ image: images.web, port: 8080, kind: 'http' });
    const labs = await Promise.all(
      ['Kept', 'Vanishing'].map((name) =>
        admin<{ id: string }>(
          'POST',
          '/hacking-labs',
          formOf({
            name,
            difficulty: 'Easy',
            category: 'Web',
            points: '10',
            flags: JSON.stringify([{ value: 'flag{crash}' }]),
            target,
          }),
        ),
      ),
    );
    const room = await admin<{ id: string }>(
      'POST',
      '/classrooms',
      formOf({ name: 'Crash 101', teacherName: 'Ada' }),
    );
    for (const lab of labs) {
      await admin('POST', `/classrooms/${room.id}/hacking-labs`, { hackingLabId: lab.id });
    }
    const { joinCode } = await admin<{ joinCode: string }>('GET', `/classrooms/${room.id}`);
    await student('POST', '/classrooms/join', { classroomCode: joinCode });
    await admin('PATCH', `/classrooms/${room.id}/members/${me.id}`, { status: 'Accepted' });
    const [kept, vanishing] = await Promise.all(
      labs.map((lab) => student<Target>('POST', `/classrooms/${room.id}/labs/${lab.id}/target`)),
    );
    if (!kept || !vanishing) throw new Error('two targets were not started');
    for (const { id } of [kept, vanishing]) {
      await expect
        .poll(async () => (await student<Target>('GET', `/targets/${id}`)).state, {
          timeout: 30_000,
        })
        .toBe('running');
    }

    expect(await server.stop('SIGKILL')).toBeNull();
    // While the server is down: its deployment, a container it never recorded, one that goes.
    const connection = await openConnection({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
    });
    const [deployment] = await drizzleOver(connection, schema).select().from(schema.deployment);
    await connection.close();
    if (!deployment) throw new Error('no deployment row');
    driver = dockerDriver({ deploymentId: deployment.id, bindAddress: '127.0.0.1' });
    const orphan = randomUUID();
    await driver.start({
      targetId: orphan,
      labId: randomUUID(),
      userId: me.id,
      classroomId: room.id,
      image: images.web,
      kind: 'http',
      containerPort: 8080,
      // Past the server's range, in this file's block of a hundred.
      hostPort: first + 50,
      env: {},
      memoryMb: 64,
      cpus: 0.5,
      pids: 64,
      outbound: false,
    });
    await driver.stop(vanishing.id);

    server = await startServerProcess(env);
    const adminAgain = await apiSessionOf(
      server.url,
      await signIn({ origin: server.url }, adminEmail),
    );
    // The reconcile at start-up: the orphan goes, the vanished target fails, the other runs on.
    await expect.poll(() => driver?.inspect(orphan), { timeout: 30_000 }).toBeUndefined();
    await expect
      .poll(
        async () =>
          (await adminAgain<ClassroomTarget[]>('GET', '/targets')).map((row) => [
            row.id,
            row.state,
          ]),
        { timeout: 30_000 },
      )
      .toEqual([[kept.id, 'running']]);
    expect(await adminAgain<Target>('GET', `/targets/${vanishing.id}`)).toMatchObject({
      state: 'failed',
      failure: { message: 'The target stopped unexpectedly' },
    });
    const containers = await driver.list();
    expect(containers.map((container) => [container.targetId, container.running])).toEqual([
      [kept.id, true],
    ]);
  });
});
