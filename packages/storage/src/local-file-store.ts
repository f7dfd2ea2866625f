import { createReadStream, createWriteStream, readdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError } from './errors';
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
 * Files in a local directory. A write goes to a temporary file first and is renamed into
 * place, so a reader never sees half a file and a failed upload leaves nothing behind.
 */
export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };

  return {
    async put(key, body, options = {}) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
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
