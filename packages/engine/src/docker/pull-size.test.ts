import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunRegistry, pushedTestImage, startRegistry, type TestRegistry } from '../../testing';
import { docker, engineAnswers, launchOf, testDeploymentId } from '../../testing/fixtures';
import { dockerDriver } from './driver';

const removeImage = (image: string) =>
  docker
    .getImage(image)
    .remove({ force: true })
    .catch(() => undefined);

describe.skipIf(!engineAnswers || !canRunRegistry)('docker driver: pulls', () => {
  let registry: TestRegistry;
  /** An image of about 6 MB (busybox and 4 MB that do not compress) in the registry alone. */
  let image: string;
  const drivers: ReturnType<typeof dockerDriver>[] = [];
  const driverPulling = (pullMaxMb: number) => {
    const driver = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      pullMaxMb,
    });
    drivers.push(driver);
    return driver;
  };

  beforeAll(async () => {
    registry = await startRegistry();
    image = await pushedTestImage(registry, { files: { noise: randomBytes(4 * 1_048_576) } });
  });

  afterAll(async () => {
    for (const driver of drivers) await driver.close();
    if (image) await removeImage(image);
    await registry?.close();
  });

  it('stops a pull whose layers add up to more than the bound, keeping nothing of it', async () => {
    const driver = driverPulling(2);
    const launch = await launchOf(image);
    await expect(driver.start(launch)).rejects.toMatchObject({
      code: 'image_too_large',
      message:
        "The image is larger than the 2 MB this server pulls: ask the server's administrator.",
    });
    expect(await driver.hasImage(image)).toBe(false);
    expect(await driver.inspect(launch.targetId)).toBeUndefined();
  });

  it('pulls an image within the bound, says it pulled, and removes it once no container uses it', async () => {
    const driver = driverPulling(64);
    const first = await launchOf(image);
    const second = await launchOf(image);
    try {
      expect(await driver.start(first)).toMatchObject({ pulled: true });
      expect(await driver.start(second)).toMatchObject({ pulled: false });
      expect(await driver.removeImage(image)).toBe(false);
      expect(await driver.hasImage(image)).toBe(true);
    } finally {
      await driver.stop(first.targetId);
      await driver.stop(second.targetId);
    }
    expect(await driver.removeImage(image)).toBe(true);
    expect(await driver.hasImage(image)).toBe(false);
    expect(await driver.removeImage(image)).toBe(true);
  });
});
