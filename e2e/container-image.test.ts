import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { freePort } from '@hackclass/http/testing';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  applyActionCode,
  connectAuthEmulator,
  initializeAuth,
  inMemoryPersistence,
  sendEmailVerification,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkIn, startSmtpServer } from '../apps/identity/testing/smtp';
import { testPerson } from './support/accounts';
import { type BaseImage, buildNodeBaseImage } from './support/node-base-image';

/*
 * The repository's Dockerfile, built and run as an operator would: on a Node 22 base made here
 * (no image registry is reachable; see support/node-base-image.ts), its `npm ci` fetching from
 * the npm registry, the container on the host's network so it reaches this machine's PostgreSQL
 * on loopback. Runs in the PostgreSQL leg only (the image is the scaled-out deployment's), and
 * only where a container engine answers. Nothing is cached between runs: the base is new each
 * time, so every build step runs.
 */

// Building the image (npm ci from the registry, the web app and server builds) takes minutes on
// a loaded two-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 1_200_000 });

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const postgresUrl = process.env.DATABASE_URL;
const engineAnswers = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!postgresUrl) {
  console.warn('The container image test runs on PostgreSQL only (set DATABASE_URL): skipped.');
} else if (!engineAnswers) {
  console.warn('No container engine answers (docker info fails): the image test is skipped.');
}

/** Runs the docker CLI; answers its standard output, or throws with the end of what it said. */
function docker(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', args, { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout.trim())
        : reject(
            new Error(
              `docker ${args[0]} exited with ${code}:\n${`${stdout}${stderr}`.slice(-3000)}`,
            ),
          ),
    );
  });
}

const healthOf = async (container: string) =>
  JSON.parse(await docker('inspect', '--format', '{{json .State}}', container)) as {
    Status: string;
    ExitCode: number;
    Health?: { Status: string; Log?: { Output: string }[] };
  };

/** Waits for the image's HEALTHCHECK to call the container healthy. */
async function healthy(container: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await healthOf(container);
    if (state.Health?.Status === 'healthy') return;
    if (state.Status !== 'running' || Date.now() > deadline) {
      const logs = await docker('logs', '--tail', '40', container).catch(String);
      throw new Error(
        `the container is ${state.Status}, health ${state.Health?.Status}:\n${logs}\n${JSON.stringify(state.Health?.Log?.at(-1))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Runs `script` with the image's node inside the container, as the image's user. */
const nodeIn = (container: string, script: string) =>
  docker('exec', container, 'node', '-e', script);

describe.skipIf(!postgresUrl || !engineAnswers)('the container image', () => {
  const suffix = randomBytes(6).toString('hex');
  const image = `hackclass-test-image:${suffix}`;
  const container = `hackclass-test-image-${suffix}`;
  const embedded = `${container}-pglite`;
  let base: BaseImage | undefined;
  let database: TestDatabase | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let origin = '';
  const mailbox = () => {
    if (!smtp) throw new Error('the SMTP server did not start');
    return smtp;
  };

  beforeAll(async () => {
    base = await buildNodeBaseImage();
    await docker(
      'build',
      // The build's `npm ci` reaches the registry the way this machine does.
      '--network',
      'host',
      '--build-arg',
      `NODE_IMAGE=${base.image}`,
      // No container of a failed step is left behind.
      '--force-rm',
      '--tag',
      image,
      '.',
    );
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    await docker(
      'run',
      '--detach',
      '--name',
      container,
      '--network',
      'host',
      // The image's check, run every 2 s instead of 15 so the test need not wait.
      '--health-interval',
      '2s',
      '--env',
      `PORT=${port}`,
      // On the host's network: listen on loopback only, not on every interface of the machine.
      '--env',
      'HOST=127.0.0.1',
      '--env',
      `PUBLIC_URL=${origin}`,
      '--env',
      `DATABASE_URL=${database.databaseUrl}`,
      '--env',
      `SMTP_URL=${smtp.url}`,
      image,
    );
    await healthy(container);
  });

  afterAll(async () => {
    for (const name of [container, embedded]) {
      await docker('rm', '--force', '--volumes', name).catch(() => undefined);
    }
    await base?.remove();
    await smtp?.close();
    await database?.drop();
  });

  it('runs the server as a user other than root, with a data folder of its own', async () => {
    const server = JSON.parse(
      await nodeIn(
        container,
        `const fs = require('node:fs');
         const uid = Number(/^Uid:\\s+(\\d+)/m.exec(fs.readFileSync('/proc/1/status', 'utf8'))[1]);
         const data = fs.statSync(process.env.DATA_DIR);
         console.log(JSON.stringify({ uid, me: process.getuid(), dataUid: data.uid, dataMode: data.mode & 0o777 }));`,
      ),
    ) as { uid: number; me: number; dataUid: number; dataMode: number };
    expect(server.uid).not.toBe(0);
    expect(server.me).toBe(server.uid);
    expect(server.dataUid).toBe(server.uid);
    expect(server.dataMode).toBe(0o700);
  });

  it('holds the production dependencies only', async () => {
    const resolves = (name: string) =>
      nodeIn(container, `require.resolve(${JSON.stringify(name)}, { paths: ['/app'] })`).then(
        () => true,
        () => false,
      );
    expect(await resolves('fastify')).toBe(true);
    expect(await resolves('vitest')).toBe(false);
    expect(await resolves('vite')).toBe(false);
  });

  it('signs a user up through the identity SDK, and the API knows them verified', async () => {
    const person = testPerson('Cora Container');
    const config = (await (await fetch(`${origin}/config.json`)).json()) as {
      identity: { apiKey: string; projectId: string; emulatorOrigin?: string };
    };
    expect(config.identity.emulatorOrigin).toBe(origin);

    // As the web app's signup: register with the API, sign in with the SDK, verify the email.
    const antiforgery = await fetch(`${origin}/api/auth/antiforgery/token`, { method: 'POST' });
    const { token } = (await antiforgery.json()) as { token: string };
    const register = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': token,
        cookie: antiforgery.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; '),
      },
      body: JSON.stringify({
        email: person.email,
        password: person.password,
        displayName: person.name,
        roleId: 1,
      }),
    });
    expect(register.status, await register.clone().text()).toBe(201);

    const app = initializeApp(
      { apiKey: config.identity.apiKey, projectId: config.identity.projectId },
      `container-${suffix}`,
    );
    try {
      const auth = initializeAuth(app, { persistence: inMemoryPersistence });
      connectAuthEmulator(auth, origin, { disableWarnings: true });
      const { user } = await signInWithEmailAndPassword(auth, person.email, person.password);
      const mail = mailbox().expectMail(person.email, 30_000);
      await sendEmailVerification(user);
      const code = linkIn(await mail.arrived()).searchParams.get('oobCode') ?? '';
      await applyActionCode(auth, code);
      await user.reload();
      expect(user.emailVerified).toBe(true);

      const me = await fetch(`${origin}/api/users/me`, {
        headers: { authorization: `Bearer ${await user.getIdToken(true)}` },
      });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        email: person.email,
        displayName: person.name,
        emailVerified: true,
      });
    } finally {
      await deleteApp(app);
    }
  });

  it('runs the operators’ CLI with the container’s settings', async () => {
    const report = await docker('exec', container, 'npx', 'hackclass', 'config', 'check');
    expect(report).toContain('DATA_DIR');
    expect(report).toContain(new URL(database?.databaseUrl ?? '').pathname.slice(1));
  });

  it('stops cleanly on SIGTERM', async () => {
    await docker('stop', '--time', '30', container);
    const state = await healthOf(container);
    expect(state.Status).toBe('exited');
    expect(state.ExitCode).toBe(0);
  });

  it('starts again after an unclean stop, on its embedded database in the volume', async () => {
    const port = await freePort();
    await docker(
      'run',
      '--detach',
      '--name',
      embedded,
      '--network',
      'host',
      '--health-interval',
      '2s',
      '--env',
      `PORT=${port}`,
      '--env',
      'HOST=127.0.0.1',
      image,
    );
    await healthy(embedded);
    // The data folder's lock stays behind, naming pid 1: the restarted server is pid 1 again.
    await docker('kill', '--signal', 'KILL', embedded);
    await docker('start', embedded);
    await healthy(embedded);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });
});
