import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { buildTestImage, testPortWindow, WEB_SCRIPT } from '@hackclass/engine/testing';
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
import { parse } from 'yaml';
import { linkIn, startSmtpServer } from '../apps/identity/testing/smtp';
import { testPerson } from './support/accounts';
import { type BaseImage, buildNodeBaseImage } from './support/node-base-image';
import { removeTargetsOf } from './support/targets';

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

/** The anti-forgery token and its cookie, as the web app sends them, for `idToken`'s user. */
async function antiforgeryHeaders(origin: string, idToken?: string) {
  const answer = await fetch(`${origin}/api/auth/antiforgery/token`, {
    method: 'POST',
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
  });
  const { token } = (await answer.json()) as { token: string };
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { 'x-xsrf-token': token, cookie };
}

/** Settings for `docker run`. */
const envFlags = (env: Record<string, string>) =>
  Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);

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
      ...envFlags({
        PORT: String(port),
        // On the host's network: listen on loopback only, not on every interface of the machine.
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATABASE_URL: database.databaseUrl ?? '',
        SMTP_URL: smtp.url,
      }),
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
    const register = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await antiforgeryHeaders(origin)) },
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

  /*
   * compose.targets.yaml, run as Compose would run it: its engine proxy with the machine's engine
   * socket, and a server on the host's network reaching the engine through the proxy alone.
   */
  describe('with live targets (compose.targets.yaml)', () => {
    const compose = parse(readFileSync(join(repoRoot, 'compose.targets.yaml'), 'utf8'), {
      logLevel: 'error',
    }) as { services: Record<string, ComposeService> };
    const proxyService = compose.services['engine-proxy'] as ComposeService;
    const serverService = compose.services.hackclass as ComposeService;
    const volume = `hackclass-test-engine-${suffix}`;
    const proxyContainer = `${container}-engine-proxy`;
    const serverContainer = `${container}-targets`;
    let targetImage: { image: string; remove(): Promise<void> } | undefined;
    let targetsDatabase: TestDatabase | undefined;
    let targetsOrigin = '';

    /** The compose service's own settings as `docker run` flags. */
    const runFlags = (service: ComposeService) => [
      ...(service.user ? ['--user', service.user] : []),
      ...(service.network_mode ? ['--network', service.network_mode] : []),
      ...(service.read_only ? ['--read-only'] : []),
      ...(service.tmpfs ?? []).flatMap((path) => ['--tmpfs', path]),
      ...(service.cap_drop ?? []).flatMap((capability) => ['--cap-drop', capability]),
      ...(service.security_opt ?? []).flatMap((option) => ['--security-opt', option]),
    ];
    /** The engine's socket and the shared volume, as the compose file mounts them. */
    const mounts = (service: ComposeService) =>
      (service.volumes ?? []).flatMap((mount) => [
        '--volume',
        mount
          // A variable with its default: the default.
          .replace(/\$\{\w+:-([^}]+)\}/g, '$1')
          .replace(/^engine-socket:/, `${volume}:`),
      ]);

    beforeAll(async () => {
      [targetImage, targetsDatabase] = await Promise.all([
        buildTestImage('compose-web', WEB_SCRIPT, 8080),
        createTestDatabase(),
      ]);
      await docker('volume', 'create', volume);
      await docker(
        'run',
        '--detach',
        '--name',
        proxyContainer,
        ...runFlags(proxyService),
        ...mounts(proxyService),
        '--health-cmd',
        (proxyService.healthcheck?.test ?? []).slice(1).join(' '),
        '--health-interval',
        '2s',
        image,
        ...(proxyService.command ?? []),
      );
      await healthy(proxyContainer);
      const port = await freePort();
      targetsOrigin = `http://127.0.0.1:${port}`;
      const { first, last } = testPortWindow(20);
      // The compose file's settings of the engine; the rest say where this test's server is.
      const taken = ['LABS_DRIVER', 'DOCKER_HOST', 'LAB_BIND_ADDRESS', 'LABS_FIREWALL'];
      const environment = Object.entries(serverService.environment ?? {}).filter(([name]) =>
        taken.includes(name),
      );
      expect(environment.map(([name]) => name).sort()).toEqual([...taken].sort());
      await docker(
        'run',
        '--detach',
        '--name',
        serverContainer,
        ...runFlags(serverService),
        ...mounts(serverService),
        '--health-interval',
        '2s',
        ...envFlags({
          ...Object.fromEntries(environment),
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: targetsOrigin,
          DATABASE_URL: targetsDatabase.databaseUrl ?? '',
          LAB_PORT_RANGE: `${first}-${last}`,
        }),
        image,
      );
      await healthy(serverContainer);
    });

    afterAll(async () => {
      for (const name of [serverContainer, proxyContainer]) {
        await docker('rm', '--force', '--volumes', name).catch(() => undefined);
      }
      if (targetImage) await removeTargetsOf([targetImage.image]);
      await docker('volume', 'rm', '--force', volume).catch(() => undefined);
      await targetImage?.remove();
      await targetsDatabase?.drop();
    });

    /** An admin made with the CLI in the container, and a personal API token of theirs. */
    async function adminWithToken(
      name: string,
    ): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
      const person = testPerson(name);
      await docker(
        'exec',
        serverContainer,
        'npx',
        'hackclass',
        'admin',
        'create',
        person.email,
        '--password',
        person.password,
      );
      const config = (await (await fetch(`${targetsOrigin}/config.json`)).json()) as {
        identity: { apiKey: string; projectId: string };
      };
      const app = initializeApp(
        { apiKey: config.identity.apiKey, projectId: config.identity.projectId },
        `${name}-${suffix}`,
      );
      try {
        const auth = initializeAuth(app, { persistence: inMemoryPersistence });
        connectAuthEmulator(auth, targetsOrigin, { disableWarnings: true });
        const { user } = await signInWithEmailAndPassword(auth, person.email, person.password);
        const idToken = await user.getIdToken();
        const created = await fetch(`${targetsOrigin}/api/users/me/api-tokens`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${idToken}`,
            'content-type': 'application/json',
            ...(await antiforgeryHeaders(targetsOrigin, idToken)),
          },
          body: JSON.stringify({
            name: 'compose test',
            scopes: ['read', 'write'],
            expiresInDays: 7,
          }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const { secret } = (await created.json()) as { secret: string };
        return (path, init = {}) =>
          fetch(`${targetsOrigin}/api${path}`, {
            ...init,
            headers: { authorization: `Bearer ${secret}`, ...init.headers },
          });
      } finally {
        await deleteApp(app);
      }
    }

    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    it('starts a student’s target on the machine’s engine through the proxy alone', async () => {
      const teacher = await adminWithToken('Tess');
      const student = await adminWithToken('Stu');
      const room = new FormData();
      room.set('name', 'Compose club');
      room.set('teacherName', 'Tess');
      const classroom = (await (
        await teacher('/classrooms', { method: 'POST', body: room })
      ).json()) as { id: string; joinCode: string };
      const lab = new FormData();
      for (const [field, value] of Object.entries({
        name: 'Proxied web',
        description: 'Through the engine proxy.',
        difficulty: 'Easy',
        category: 'Web',
        points: '10',
        flags: '[]',
        target: JSON.stringify({
          image: targetImage?.image,
          port: 8080,
          kind: 'http',
          flagMode: 'per-student',
        }),
      })) {
        lab.set(field, value);
      }
      const made = await teacher('/hacking-labs', { method: 'POST', body: lab });
      expect(made.status, await made.clone().text()).toBe(201);
      const { id: labId } = (await made.json()) as { id: string };
      await teacher(`/classrooms/${classroom.id}/hacking-labs`, json({ hackingLabId: labId }));
      const joined = await student('/classrooms/join', json({ classroomCode: classroom.joinCode }));
      const { userId } = (await joined.json()) as { userId: string };
      await teacher(`/classrooms/${classroom.id}/members/${userId}`, {
        ...json({ status: 'Accepted' }),
        method: 'PATCH',
      });

      const started = await student(`/classrooms/${classroom.id}/labs/${labId}/target`, json({}));
      expect(started.status, await started.clone().text()).toBe(201);
      const { id: targetId } = (await started.json()) as { id: string };
      await expect
        .poll(
          async () =>
            ((await (await student(`/targets/${targetId}`)).json()) as { state: string }).state,
          { timeout: 90_000, interval: 1_000 },
        )
        .toBe('running');
      const [engineSide] = JSON.parse(await docker('inspect', `hackclass-${targetId}`)) as {
        Config: { Labels: Record<string, string> };
        HostConfig: { CapDrop: string[] };
      }[];
      expect(engineSide?.Config.Labels['hackclass.target']).toBe(targetId);
      expect(engineSide?.HostConfig.CapDrop).toEqual(['ALL']);

      expect((await student(`/targets/${targetId}`, { method: 'DELETE' })).status).toBeLessThan(
        300,
      );
      await expect
        .poll(() => docker('ps', '--all', '--quiet', '--filter', `name=hackclass-${targetId}`), {
          timeout: 60_000,
          interval: 1_000,
        })
        .toBe('');
    });

    it('holds no engine socket: what it reaches answers only the calls targets make', async () => {
      const reach = JSON.parse(
        await nodeIn(
          serverContainer,
          `const http = require('node:http');
           const fs = require('node:fs');
           http.request({ socketPath: '/run/hackclass-engine/engine.sock', path: '/volumes' }, (r) => {
             let body = '';
             r.on('data', (c) => (body += c));
             r.on('end', () => console.log(JSON.stringify({
               engineSocket: fs.existsSync('/var/run/docker.sock'),
               status: r.statusCode,
               body,
             })));
           }).end();`,
        ),
      ) as { engineSocket: boolean; status: number; body: string };
      expect(reach.engineSocket).toBe(false);
      expect(reach.status).toBe(403);
      expect(reach.body).toContain('HackClass never asks for it');
    });
  });
});

interface ComposeService {
  user?: string;
  command?: string[];
  network_mode?: string;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
}
