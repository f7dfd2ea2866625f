import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestImage, buildTestImages } from '../../testing';
import {
  docker,
  engineAnswers,
  execIn,
  fetchPage,
  launchOf,
  testDeploymentId,
} from '../../testing/fixtures';
import type { TargetLaunch } from '../types';
import { dockerDriver } from './driver';
import { LABEL } from './labels';

const BOUND_MB = 128;
const BOUND_BYTES = BOUND_MB * 1024 * 1024;

/** Writes 300 MB to `path` inside the container: whether the write failed, and what it left. */
async function fill(containerId: string, path: string) {
  const { output } = await execIn(containerId, [
    'sh',
    '-c',
    `/bin/busybox dd if=/dev/zero of=${path} bs=1M count=300 2>/dev/null; echo "exit $?"
/bin/busybox stat -c "bytes %s" ${path} 2>/dev/null || echo "bytes 0"
/bin/busybox rm -f ${path} 2>/dev/null`,
  ]);
  return {
    failed: !/^exit 0$/m.test(output),
    bytes: Number(/^bytes (\d+)$/m.exec(output)?.[1] ?? Number.NaN),
  };
}

/** The size of the container's writable layer on the host's disk, as the engine counts it. */
async function writableLayerBytes(containerId: string): Promise<number> {
  const [container] = await docker.listContainers({
    all: true,
    size: true,
    filters: { id: [containerId] },
  });
  if (!container) throw new Error(`no container ${containerId}`);
  // The engine leaves the field out when the layer is empty.
  return (container as { SizeRw?: number }).SizeRw ?? 0;
}

/** overlay2 on anything but xfs cannot size a writable layer, whatever the mount options. */
const quotaImpossible = await docker.info().then(
  (info: { Driver?: string; DriverStatus?: [string, string][] }) =>
    info.Driver === 'overlay2' &&
    info.DriverStatus?.find(([name]) => name === 'Backing Filesystem')?.[1] !== 'xfs',
  () => false,
);

describe.skipIf(!engineAnswers)('docker driver: what a target may write and open', () => {
  const driver = dockerDriver({
    deploymentId: testDeploymentId(),
    bindAddress: '127.0.0.1',
    diskMb: BOUND_MB,
  });
  let target: TargetLaunch;
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let writer: Awaited<ReturnType<typeof buildTestImage>>;
  let containerId: string;

  beforeAll(async () => {
    images = await buildTestImages();
    // An image that writes where it declares it will (VOLUME /data).
    writer = await buildTestImage('writer', 'exec /bin/busybox sleep 3600\n', 8080, {
      volumes: ['/data'],
    });
    target = await launchOf(writer.image, { memoryMb: 64 });
    ({ containerId } = await driver.start(target));
  });

  afterAll(async () => {
    if (target) await driver.stop(target.targetId).catch(() => undefined);
    await Promise.allSettled([images?.remove(), writer?.remove()]);
    await driver.close();
  });

  it('bounds what a target writes anywhere: 300 MB fails, and the host’s disk keeps none of it', async () => {
    for (const path of ['/tmp/fill', '/fill', '/data/fill', '/etc/hosts']) {
      const written = await fill(containerId, path);
      expect(written.failed, path).toBe(true);
      expect(written.bytes, path).toBeLessThanOrEqual(BOUND_BYTES);
      expect(await writableLayerBytes(containerId), path).toBeLessThanOrEqual(BOUND_BYTES);
    }
    // The image's VOLUME is no volume on the host's disk either.
    const { Mounts } = await docker.getContainer(containerId).inspect();
    expect(Mounts.filter((mount) => mount.Type === 'volume')).toEqual([]);
  });

  it.skipIf(!quotaImpossible)(
    'makes the root read-only, scratch places and VOLUMEs in memory, where no quota is kept (auto)',
    async () => {
      const { HostConfig: host } = await docker.getContainer(containerId).inspect();
      expect(host.ReadonlyRootfs).toBe(true);
      expect(host.StorageOpt ?? {}).toEqual({});
      expect(host.Tmpfs).toEqual({
        '/tmp': 'size=32m,exec',
        '/var/tmp': 'size=32m,exec',
        '/run': 'size=32m,exec',
        '/data': 'size=32m,exec',
      });
      const written = await execIn(containerId, ['touch', '/fill']);
      expect(written.output).toContain('Read-only file system');
    },
  );

  it.skipIf(!quotaImpossible)(
    'refuses a start under LAB_DISK_LIMIT=quota where the engine keeps no quota, leaving nothing',
    async () => {
      const quota = dockerDriver({
        deploymentId: testDeploymentId(),
        bindAddress: '127.0.0.1',
        diskLimit: 'quota',
      });
      const launch = await launchOf(images.web);
      try {
        await expect(quota.start(launch)).rejects.toMatchObject({ code: 'start_failed' });
        const filters = { label: [`${LABEL.target}=${launch.targetId}`] };
        expect(await docker.listContainers({ all: true, filters })).toEqual([]);
        expect(await docker.listNetworks({ filters })).toEqual([]);
      } finally {
        await quota.stop(launch.targetId);
        await quota.close();
      }
    },
  );

  it('limits open files to 1024 (4096 at most) and turns core dumps off', async () => {
    // The target's own process: some engines give a process `docker exec` starts other limits.
    const limits = await execIn(containerId, ['cat', '/proc/1/limits']);
    const limit = (name: string) =>
      limits.output
        .split('\n')
        .find((line) => line.startsWith(name))
        ?.slice(name.length)
        .trim()
        .split(/\s+/)
        .slice(0, 2);
    expect(limit('Max open files')).toEqual(['1024', '4096']);
    expect(limit('Max core file size')).toEqual(['0', '0']);
  });

  it('leaves the root writable where the operator bounds the disk (off)', async () => {
    const off = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      diskLimit: 'off',
    });
    const launch = await launchOf(images.web);
    try {
      const { containerId: id } = await off.start(launch);
      await fetchPage(launch.hostPort);
      expect(await execIn(id, ['touch', '/fill'])).toMatchObject({ exitCode: 0 });
      const { HostConfig: host } = await docker.getContainer(id).inspect();
      expect(host.ReadonlyRootfs).toBe(false);
    } finally {
      await off.stop(launch.targetId);
      await off.close();
    }
  });
});
