import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestImages } from '../../testing';
import { docker, engineAnswers, testDeploymentId } from '../../testing/fixtures';
import { dockerDriver } from './driver';

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
      message: 'The engine has this image.',
    });
    expect(await driver.hasImage(images.echo)).toBe(true);
  });

  it('takes no prefix of an image’s id for the image', async () => {
    const { Id } = await docker.getImage(images.echo).inspect();
    const prefix = Id.replace('sha256:', '').slice(0, 12);
    // The engine itself finds the image by it.
    expect((await docker.getImage(prefix).inspect()).Id).toBe(Id);
    expect(await driver.hasImage(prefix)).toBe(false);
    expect(await driver.hasImage(`sha256:${prefix}`)).toBe(false);
  });

  it('answers missing, quickly and in a fixed sentence, for an image no registry here can give', async () => {
    const image = 'registry.hackclass.invalid/labs/absent:1';
    const startedAt = Date.now();
    const check = await driver.checkImage(image);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(check).toMatchObject({
      status: 'missing',
      message: 'The engine does not have this image, and its registry did not hand it over.',
    });
    // What the engine said is kept for the log.
    expect(String((check as { cause?: unknown }).cause)).toMatch(/hackclass\.invalid/);
  });

  it('says nothing of what a registry answered', async () => {
    const page = createHttpServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<!DOCTYPE HTML><html lang="en"><title>INTERNAL-SECRET</title></html>');
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => page.once('listening', resolve));
    const { port } = page.address() as { port: number };
    try {
      const check = await driver.checkImage(`127.0.0.1:${port}/labs/x:1`);
      expect(check.status).toBe('missing');
      expect(JSON.stringify({ ...check, cause: undefined })).not.toMatch(
        /INTERNAL-SECRET|DOCTYPE|HTTP/,
      );
    } finally {
      page.close();
    }
  });

  it('gives up on a registry that never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    const image = `127.0.0.1:${port}/labs/silent:1`;
    try {
      const startedAt = Date.now();
      expect(await driver.checkImage(image)).toMatchObject({
        status: 'missing',
        message: 'The engine does not have this image, and its registry did not hand it over.',
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
      message: 'The image reference is not valid.',
    });
  });
});
