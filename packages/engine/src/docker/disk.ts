import type Docker from 'dockerode';

const MIB = 1024 * 1024;

/**
 * How a target's disk is bounded (LAB_DISK_LIMIT): `quota` sizes its writable layer, which only
 * some storage drivers can (overlay2 on xfs mounted with pquota, btrfs, zfs); `readonly` makes
 * its root read-only, with in-memory file systems where it writes; `auto` takes `quota` where
 * the engine can, else `readonly`; `off` leaves the disk unbounded.
 */
export type DiskLimit = 'auto' | 'quota' | 'readonly' | 'off';

/** What one target is given, as decided for its engine and image. */
export type DiskBound =
  | { mode: 'off' }
  | {
      mode: 'quota' | 'readonly';
      /** The most the target writes to the host's disk (LAB_MAX_DISK_MB). */
      sizeMb: number;
      /** The paths the image declares with VOLUME. */
      volumes: string[];
    };

/** Where images write as they run; under a read-only root each is an in-memory file system. */
const SCRATCH_PATHS = ['/tmp', '/var/tmp', '/run'];

/**
 * The HostConfig fields that bound a target's disk. Each path it may write outside its layer is
 * a tmpfs, whose pages count against the container's memory: half the memory limit each (at
 * most the disk bound), so a full one says "no space left" before the target is killed for its
 * memory. An image's VOLUMEs are such paths too, not volumes on the host's disk, which no quota
 * bounds.
 */
export function diskHostConfig(bound: DiskBound, memoryMb: number): Docker.HostConfig {
  if (bound.mode === 'off') return {};
  const tmpfsMb = Math.max(1, Math.min(bound.sizeMb, Math.floor(memoryMb / 2)));
  // `exec`: Docker mounts tmpfs noexec by default, and labs run what they unpack in /tmp.
  const tmpfs = (paths: string[]) =>
    Object.fromEntries(paths.map((path) => [path, `size=${tmpfsMb}m,exec`]));
  if (bound.mode === 'readonly') {
    return { ReadonlyRootfs: true, Tmpfs: tmpfs([...SCRATCH_PATHS, ...bound.volumes]) };
  }
  const bytes = bound.sizeMb * MIB;
  return {
    StorageOpt: { size: `${bound.sizeMb}m` },
    ...(bound.volumes.length > 0 ? { Tmpfs: tmpfs(bound.volumes) } : {}),
    // Docker keeps /etc/hosts, /etc/hostname and /etc/resolv.conf writable, on the host's disk
    // outside the quota, unless the root is read-only: no file may outgrow the bound.
    Ulimits: [{ Name: 'fsize', Soft: bytes, Hard: bytes }],
  };
}
