import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerDriver } from './docker-driver';
import { engineAnswers, testDeploymentId } from './test-fixtures';
import { buildTestImages } from './testing';

describe.skipIf(!engineAnswers)('docker driver: Check image', () => {
  const driver = dockerDriver({
    deploymentId: testDeploymentId(),
    bindAddress: '127.0.0.1',
    registryTimeoutMs: 3_000,
  });
  let images: Awaited<ReturnType<typeof buildTestImages>>;

  beforeAll(async () => {
    images = await buildTestImages();
  });

  afterAll(async () => {
    await images?.remove();
    await driver.close();
  });

  it('finds an image the engine has', async () => {
    expect(await driver.checkImage(images.echo)).toEqual({
      status: 'present',
      message: `The engine has the image "${images.echo}".`,
    });
  });

  it('answers missing, quickly and in a sentence, for an image no registry here can give', async () => {
    const image = 'registry.hackclass.invalid/labs/absent:1';
    const startedAt = Date.now();
    const check = await driver.checkImage(image);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(check.status).toBe('missing');
    expect(check.message).toContain(`"${image}"`);
  });

  it('gives up on a registry that never answers, saying so', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    const image = `127.0.0.1:${port}/labs/silent:1`;
    try {
      const startedAt = Date.now();
      expect(await driver.checkImage(image)).toEqual({
        status: 'missing',
        message: `The engine does not have the image "${image}" and its registry did not answer within 3 s.`,
      });
      expect(Date.now() - startedAt).toBeLessThan(8_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('answers missing for an invalid reference without asking a registry', async () => {
    await expect(driver.checkImage('UPPER/case')).rejects.toMatchObject({
      code: 'image_missing',
      message: '"UPPER/case" is not a valid image reference.',
    });
  });
});
