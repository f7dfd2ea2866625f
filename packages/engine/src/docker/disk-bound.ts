import type Docker from 'dockerode';
import type { DiskBound, DiskLimit } from './disk';
import { statusOf } from './engine-errors';
import { removeContainer } from './engine-objects';

/**
 * Whether `docker info` rules a quota out: overlay2 keeps one only on xfs, and says what it
 * stands on. Anything else may, or may not: only a try tells.
 */
async function quotaRuledOut(docker: Docker): Promise<boolean> {
  const { Driver, DriverStatus } = (await docker.info()) as {
    Driver?: string;
    DriverStatus?: [string, string][];
  };
  const backing = DriverStatus?.find(([name]) => name === 'Backing Filesystem')?.[1];
  return Driver === 'overlay2' && backing !== undefined && backing !== 'xfs';
}

/**
 * Whether the engine sizes a container's writable layer. Where `docker info` does not rule it
 * out, nothing there says so for sure (overlay2 on xfs needs the pquota mount option, which it
 * does not report), so a container of `image` is created with the size, never started, and
 * removed: the engine refuses the size at creation where its storage driver cannot keep it. A
 * refusal for another reason also answers no, which errs on the bounded side (a read-only
 * root). The first starts wait for this answer, so the quick one comes first.
 */
async function quotaSupported(docker: Docker, image: string, sizeMb: number): Promise<boolean> {
  if (await quotaRuledOut(docker)) return false;
  let container: Docker.Container;
  try {
    container = await docker.createContainer({
      Image: image,
      // Never run: a command only so that an image without one is no reason to refuse.
      Cmd: ['true'],
      HostConfig: { NetworkMode: 'none', StorageOpt: { size: `${sizeMb}m` } },
    });
  } catch (error) {
    // No answer at all says nothing about the engine's storage.
    if (statusOf(error) === undefined) throw error;
    return false;
  }
  await removeContainer(container);
  return true;
}

/**
 * The disk bound of each start under `limit`: `auto` asks the engine once whether it can keep
 * a quota (with the first image started) and keeps the answer for the driver's life.
 */
export function diskBounds(docker: Docker, limit: DiskLimit, sizeMb: number) {
  if (!Number.isInteger(sizeMb) || sizeMb < 1) {
    throw new TypeError(`The disk bound must be a whole number of MB, not ${sizeMb}`);
  }
  let quota: Promise<boolean> | undefined;
  const canQuota = (image: string) => {
    quota ??= quotaSupported(docker, image, sizeMb).catch((error: unknown) => {
      quota = undefined;
      throw error;
    });
    return quota;
  };

  return async (image: string): Promise<DiskBound> => {
    if (limit === 'off') return { mode: 'off' };
    const mode = limit === 'auto' ? ((await canQuota(image)) ? 'quota' : 'readonly') : limit;
    const { Config } = await docker.getImage(image).inspect();
    return { mode, sizeMb, volumes: Object.keys(Config.Volumes ?? {}) };
  };
}
