import type { Readable } from 'node:stream';

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
