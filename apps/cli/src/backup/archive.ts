import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/** The archive is not one this code wrote, or it was cut short or altered since. */
export class DamagedArchiveError extends Error {
  override name = 'DamagedArchiveError';
}

export interface WrittenEntry {
  size: number;
  sha256: string;
}

/** Counts and hashes the bytes passing through. */
function measuring(into: { size: number; hash: ReturnType<typeof createHash> }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      into.size += chunk.length;
      into.hash.update(chunk);
      callback(null, chunk);
    },
  });
}

export interface ArchiveWriter {
  add(name: string, size: number, body: Readable | Buffer): Promise<WrittenEntry>;
  /** Ends the archive and moves it to its path; until then a half-written archive is nowhere. */
  finish(): Promise<void>;
  /** Throws away what was written. */
  abort(): Promise<void>;
}

/** A gzipped tar at `path`, written entry by entry. */
export function writeArchive(path: string): ArchiveWriter {
  const partial = `${path}.partial`;
  const tar = pack();
  const written = pipeline(tar, createGzip(), createWriteStream(partial, { flags: 'wx' }));
  written.catch(() => {});
  return {
    async add(name, size, body) {
      const measured = { size: 0, hash: createHash('sha256') };
      const entry = tar.entry({ name, size, mode: 0o600, mtime: new Date(0) });
      const source = Buffer.isBuffer(body) ? PassThrough.from([body]) : body;
      await pipeline(source, measuring(measured), entry);
      if (measured.size !== size) {
        throw new Error(`${name} changed while it was read: ${measured.size} bytes, not ${size}`);
      }
      return { size, sha256: measured.hash.digest('hex') };
    },
    async finish() {
      tar.finalize();
      await written;
      await rename(partial, path);
    },
    async abort() {
      tar.destroy();
      await written.catch(() => {});
      await rm(partial, { force: true });
    },
  };
}

export interface ExtractedEntry {
  /** Where the entry's bytes were put: a name of ours, never one the archive chose. */
  path: string;
  size: number;
  sha256: string;
}

/**
 * Unpacks the archive at `path` into `folder`, hashing every entry. Entry names never become
 * paths, so an archive cannot write outside `folder`.
 */
export async function extractArchive(
  path: string,
  folder: string,
): Promise<Map<string, ExtractedEntry>> {
  const entries = new Map<string, ExtractedEntry>();
  const reader = extract();
  const reading = (async () => {
    for await (const entry of reader) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new DamagedArchiveError(`it holds ${name}, which is not a file`);
      if (entries.has(name)) throw new DamagedArchiveError(`it holds ${name} twice`);
      const measured = { size: 0, hash: createHash('sha256') };
      const stored = join(folder, String(entries.size));
      await pipeline(entry, measuring(measured), createWriteStream(stored, { flags: 'wx' }));
      entries.set(name, { path: stored, size: measured.size, sha256: measured.hash.digest('hex') });
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(path), createGunzip(), reader), reading]);
  } catch (error) {
    if (error instanceof DamagedArchiveError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    throw new DamagedArchiveError(
      `it cannot be read as a gzipped tar (${(error as Error).message})`,
    );
  }
  return entries;
}
