import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestImages } from '../../testing';
import { docker, engineAnswers, launchOf, testDeploymentId } from '../../testing/fixtures';
import { EngineError } from '../errors';
import { dockerDriver } from './driver';
import { LABEL } from './labels';

async function leftoversOf(targetId: string) {
  const filters = { label: [`${LABEL.target}=${targetId}`] };
  return [
    ...(await docker.listContainers({ all: true, filters })),
    ...(await docker.listNetworks({ filters })),
  ];
}

describe.skipIf(!engineAnswers)('docker driver: failures a student can read', () => {
  const driver = dockerDriver({ deploymentId: testDeploymentId(), bindAddress: '127.0.0.1' });
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let squatter: Server;
  let takenPort: number;

  beforeAll(async () => {
    images = await buildTestImages();
    squatter = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => squatter.once('listening', resolve));
    takenPort = (squatter.address() as { port: number }).port;
  });

  afterAll(async () => {
    squatter?.close();
    await images?.remove();
    await driver.close();
  });

  it('refuses a missing image quickly, as image_missing, leaving nothing behind', async () => {
    const launch = await launchOf(`hackclass-test-absent-${Date.now()}:latest`);
    const startedAt = Date.now();
    const error = await driver.start(launch).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({
      code: 'image_missing',
      message: expect.stringMatching(/^The image is not on this server and /),
    });
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(await leftoversOf(launch.targetId)).toEqual([]);
  });

  it('refuses an absent image it may not pull, asking no registry', async () => {
    const requests: string[] = [];
    const registry = createServer((socket) => {
      requests.push('connection');
      socket.destroy();
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => registry.once('listening', resolve));
    const { port } = registry.address() as { port: number };
    const launch = await launchOf(`127.0.0.1:${port}/labs/absent:1`, { pull: false });
    try {
      await expect(driver.start(launch)).rejects.toMatchObject({
        code: 'image_missing',
        message: 'The image is not on this server.',
      });
      expect(requests).toEqual([]);
      expect(await leftoversOf(launch.targetId)).toEqual([]);
    } finally {
      registry.close();
    }
  });

  it('gives up on a pull that takes too long, as image_missing', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    const impatient = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      pullTimeoutMs: 2_000,
    });
    const launch = await launchOf(`127.0.0.1:${port}/labs/silent:1`);
    try {
      await expect(impatient.start(launch)).rejects.toMatchObject({
        code: 'image_missing',
        message: 'Pulling the image took too long.',
      });
      expect(await leftoversOf(launch.targetId)).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await impatient.close();
    }
  });

  it('refuses to start a target while the host firewall guard cannot be installed', async () => {
    // An iptables that refuses every rule, as a host whose firewall HackClass may not change.
    const unguarded = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      iptables: '/bin/false',
    });
    const launch = await launchOf(images.web);
    try {
      await expect(unguarded.start(launch)).rejects.toMatchObject({
        code: 'isolation_unavailable',
        message: expect.stringContaining('cannot keep them apart'),
      });
      expect(await leftoversOf(launch.targetId)).toEqual([]);
      expect(await unguarded.isolation()).toMatchObject({ guarded: false, leftToOperator: false });
    } finally {
      await unguarded.close();
    }
  });

  it('starts unguarded only where the operator said they keep the rules (LABS_FIREWALL=off)', async () => {
    const operators = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      firewall: 'off',
    });
    const launch = await launchOf(images.web);
    try {
      await operators.start(launch);
      expect(await operators.isolation()).toMatchObject({ guarded: false, leftToOperator: true });
    } finally {
      await operators.stop(launch.targetId);
      await operators.close();
    }
  });

  it('refuses an invalid image reference before asking the engine', async () => {
    const launch = await launchOf('Not A/Reference');
    await expect(driver.start(launch)).rejects.toMatchObject({
      code: 'image_missing',
      message: '"Not A/Reference" is not a valid image reference.',
    });
  });

  it.for([
    [{ memoryMb: 0 }, 'its memory limit must be a whole number of MB, at least 6'],
    [{ cpus: 0 }, 'its CPU limit must be at least 0.01'],
    [{ pids: 0 }, 'its process limit must be at least 1'],
    [{ hostPort: 70_000 }, '70000 is not a port'],
    [{ env: { 'BAD NAME': 'x' } }, '"BAD NAME" is not an environment name'],
  ] as const)(
    'refuses a launch the engine would run unbounded or not at all: %o',
    async ([overrides, problem]) => {
      const launch = await launchOf(images.web, overrides);
      await expect(driver.start(launch)).rejects.toMatchObject({
        code: 'start_failed',
        message: `The target could not start: ${problem}.`,
      });
      expect(await leftoversOf(launch.targetId)).toEqual([]);
    },
  );

  it('says port_taken when the host port is in use, removing the container and network', async () => {
    const launch = await launchOf(images.web, { hostPort: takenPort });
    const error = await driver.start(launch).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'port_taken' });
    expect((error as Error).message).toBe(
      `Port ${takenPort} is already taken on this server; the target needs another one.`,
    );
    expect(await leftoversOf(launch.targetId)).toEqual([]);
  });

  it('says start_failed with the engine’s sentence for anything else, cleaning up', async () => {
    const launch = await launchOf(images.web, { cpus: 512 });
    const error = await driver.start(launch).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'start_failed' });
    expect((error as Error).message).toMatch(/^The target could not start: .*CPUs/);
    expect(await leftoversOf(launch.targetId)).toEqual([]);
  });

  it('gives a network a /28 of the subnet pool, and says when the pool has none left', async () => {
    const pool = `198.19.${randomInt(0, 256)}.0/28`;
    const pooled = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      subnetPool: pool,
    });
    const first = await launchOf(images.web);
    const second = await launchOf(images.web);
    try {
      await pooled.start(first);
      const [network] = await docker.listNetworks({
        filters: { label: [`${LABEL.target}=${first.targetId}`] },
      });
      expect(network?.IPAM?.Config?.[0]?.Subnet).toBe(pool);
      await expect(pooled.start(second)).rejects.toMatchObject({
        code: 'start_failed',
        message:
          'The server has no network address range left for another target; try again later.',
      });
      expect(await leftoversOf(second.targetId)).toEqual([]);
    } finally {
      await pooled.stop(first.targetId);
      await pooled.close();
    }
  });

  it('starts targets at the same moment on distinct blocks of a small pool', async () => {
    const pooled = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      subnetPool: `198.19.${randomInt(0, 256)}.64/26`,
    });
    const launches = await Promise.all([1, 2, 3, 4].map(() => launchOf(images.echo)));
    try {
      await Promise.all(launches.map((launch) => pooled.start(launch)));
      const subnets = await Promise.all(
        launches.map(async (launch) => {
          const [network] = await docker.listNetworks({
            filters: { label: [`${LABEL.target}=${launch.targetId}`] },
          });
          return network?.IPAM?.Config?.[0]?.Subnet;
        }),
      );
      expect(new Set(subnets).size).toBe(4);
    } finally {
      await Promise.allSettled(launches.map((launch) => pooled.stop(launch.targetId)));
      await pooled.close();
    }
  });

  it('refuses a second start of the same target, leaving the first one running', async () => {
    const launch = await launchOf(images.web);
    try {
      await driver.start(launch);
      const again = await driver
        .start({ ...launch, hostPort: launch.hostPort + 1 })
        .catch((caught: unknown) => caught);
      expect(again).toBeInstanceOf(EngineError);
      expect(again).toMatchObject({ code: 'start_failed' });
      expect((await driver.inspect(launch.targetId))?.running).toBe(true);
      expect(await leftoversOf(launch.targetId)).toHaveLength(2);
    } finally {
      await driver.stop(launch.targetId);
    }
  });

  it('says engine_unreachable when no engine listens at DOCKER_HOST', async () => {
    const closed = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      dockerHost: 'unix:///nonexistent/hackclass/docker.sock',
    });
    const launch = await launchOf(images.web);
    await expect(closed.ping()).rejects.toMatchObject({ code: 'engine_unreachable' });
    await expect(closed.start(launch)).rejects.toMatchObject({ code: 'engine_unreachable' });
    await expect(closed.list()).rejects.toMatchObject({ code: 'engine_unreachable' });
    await expect(closed.inspect(launch.targetId)).rejects.toMatchObject({
      code: 'engine_unreachable',
    });
    await expect(closed.stop(launch.targetId)).rejects.toMatchObject({
      code: 'engine_unreachable',
    });
    await expect(closed.checkImage(images.web)).rejects.toMatchObject({
      code: 'engine_unreachable',
    });
  });

  it('refuses every call once closed', async () => {
    const closing = dockerDriver({ deploymentId: testDeploymentId(), bindAddress: '127.0.0.1' });
    await closing.ping();
    await closing.close();
    await expect(closing.ping()).rejects.toMatchObject({ code: 'engine_unreachable' });
    await expect(closing.list()).rejects.toMatchObject({ code: 'engine_unreachable' });
  });
});
