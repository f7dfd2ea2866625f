import { createReadStream, createWriteStream, readdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, StorageFullError } from './errors';
import type { FileStore } from './file-store';
import { assertStorageKey } from './keys';
import { uploadGuard } from './upload-guard';

/**
 * Removes the temporary files of writes that never finished under `root` (the process died or was
 * cut off mid-upload): the number removed. Only for a folder no other process writes to.
 */
export function removeUnfinishedWrites(root: string): number {
  let removed = 0;
  try {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.partial')) continue;
      rmSync(join(entry.parentPath, entry.name), { force: true });
      removed += 1;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return removed;
}

/**
 * Room an upload may never take from the disk: the embedded database shares it, and PGlite meets
 * a disk full at the moment its write-ahead log needs a new 16 MB segment by hanging, not by an
 * error. Uploads, the big writers, stop short of it; `/readyz` calls the disk degraded below it.
 */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/**
 * Files in a local directory. A write goes to a temporary file first and is renamed into
 * place, so a reader never sees half a file and a failed upload leaves nothing behind. A write
 * that could leave less than `reserveBytes` free on the disk (counting its whole size limit)
 * is refused with StorageFullError before a byte is written.
 */
export function createLocalFileStore(
  root: string,
  { reserveBytes = DISK_RESERVE_BYTES }: { reserveBytes?: number } = {},
): FileStore {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };

  return {
    async put(key, body, options = {}) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const { bavail, bsize } = await statfs(root);
      const size = body instanceof Readable ? (options.maxBytes ?? 0) : body.byteLength;
      if (bavail * bsize - size < reserveBytes) {
        throw new StorageFullError(
          `Storing ${key} could leave less than ${reserveBytes} bytes free under ${root}`,
        );
      }
      const partial = `${path}.partial`;
      const counted = { bytes: 0 };
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      try {
        await pipeline(source, uploadGuard(options, counted), createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: counted.bytes };
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new FileNotFoundError(`No stored file ${key}`);
        }
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        yield { key, size: (await stat(path)).size };
      }
    },
  };
}
