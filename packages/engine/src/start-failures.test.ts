import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerDriver } from './docker-driver';
import { EngineError } from './errors';
import { LABEL } from './labels';
import { docker, engineAnswers, launchOf, testDeploymentId } from './test-fixtures';
import { buildTestImages } from './testing';

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
    expect(error).toMatchObject({ code: 'image_missing' });
    expect((error as Error).message).toContain(launch.image);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(await leftoversOf(launch.targetId)).toEqual([]);
  });

  it('refuses an invalid image reference before asking the engine', async () => {
    const launch = await launchOf('Not A/Reference');
    await expect(driver.start(launch)).rejects.toMatchObject({
      code: 'image_missing',
      message: '"Not A/Reference" is not a valid image reference.',
    });
  });

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
    const launch = await launchOf(images.web, { memoryMb: 1 });
    const error = await driver.start(launch).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'start_failed' });
    expect((error as Error).message).toMatch(/^The target could not start: .*memory/i);
    expect(await leftoversOf(launch.targetId)).toEqual([]);
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
