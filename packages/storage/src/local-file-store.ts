import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, FileTooLargeError } from './errors';
import { assertStorageKey } from './keys';

export interface StoredFile {
  size: number;
}

export interface PutOptions {
  /** The write fails with FileTooLargeError past this many bytes, and keeps nothing. */
  maxBytes?: number;
  /** Sees the first chunk before anything is kept; throwing refuses the file. */
  inspectHead?: (head: Buffer) => void;
}

export interface FileStore {
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<StoredFile>;
  /** The file's bytes and size; FileNotFoundError when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number }>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, in no particular order (backups walk it). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

function guard(
  { maxBytes = Number.POSITIVE_INFINITY, inspectHead }: PutOptions,
  counted: { bytes: number },
): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        if (counted.bytes === 0) inspectHead?.(chunk);
      } catch (error) {
        callback(error as Error);
        return;
      }
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
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
        await pipeline(source, guard(options, counted), createWriteStream(partial));
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
