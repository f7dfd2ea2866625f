import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { HttpError } from '@hackclass/http';
import { extract } from 'tar-stream';
import { apiErrors } from '../errors';
import { safeEntryPath } from './archive-paths';
import { zipDirectory } from './zip-directory';
import { zipEntryBytes } from './zip-entry-bytes';

/** The most entries an uploaded archive may hold, folders included. */
export const MAX_ARCHIVE_ENTRIES = 1_000;

export interface UnpackLimits {
  /** What all the entries may take once uncompressed, together. */
  maxBytes: number;
}

/** An upload's files by their path inside it; a lone challenge.yml is `challenge.yml`. */
export type UnpackedFiles = Map<string, Buffer>;

// zlib's callback form runs in its thread pool, leaving the event loop free.
const gunzipAsync = promisify(gunzip);

const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;
const isZip = (bytes: Buffer) =>
  bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ||
  bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
const isYamlName = (name: string) => /\.ya?ml$/i.test(name);

const tooLarge = (maxBytes: number) =>
  apiErrors.labArchiveTooLarge(
    `The archive holds more than ${Math.floor(maxBytes / 1_048_576)} MB once uncompressed`,
  );
const tooManyEntries = () =>
  apiErrors.labArchiveTooLarge(`An archive may hold at most ${MAX_ARCHIVE_ENTRIES} entries`);

/** Adds the entry `name` to `files`, its path checked before its bytes are read. */
async function take(files: UnpackedFiles, name: string, read: () => Promise<Buffer>) {
  const path = safeEntryPath(name);
  if (path === undefined) {
    throw apiErrors.labArchiveInvalid(name, 'A path outside the archive is not allowed');
  }
  const bytes = await read();
  if (path !== '') files.set(path, bytes);
}

async function untar(tar: Buffer): Promise<UnpackedFiles> {
  const files: UnpackedFiles = new Map();
  const reader = extract();
  reader.end(tar);
  let entries = 0;
  for await (const entry of reader) {
    entries += 1;
    if (entries > MAX_ARCHIVE_ENTRIES) throw tooManyEntries();
    const { name, type } = entry.header;
    if (type === 'directory') {
      entry.resume();
      continue;
    }
    if (type !== 'file' && type !== 'contiguous-file') {
      throw apiErrors.labArchiveInvalid(name, 'Links and special files are not allowed');
    }
    await take(files, name, () => buffer(entry));
  }
  return files;
}

async function unzip(zip: Buffer, { maxBytes }: UnpackLimits): Promise<UnpackedFiles> {
  const entries = zipDirectory(zip, MAX_ARCHIVE_ENTRIES);
  if (entries === 'damaged') throw apiErrors.labArchiveInvalid('archive', 'A damaged zip file');
  if (entries === 'too many') throw tooManyEntries();
  const linked = entries.find((entry) => entry.symlink);
  if (linked) throw apiErrors.labArchiveInvalid(linked.name, 'Links are not allowed');
  // Each entry is cut off past its declared size, so the declared sizes bound the real ones.
  const declared = entries.reduce((total, entry) => total + entry.size, 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const files: UnpackedFiles = new Map();
  for (const entry of entries.filter((candidate) => !candidate.name.endsWith('/'))) {
    await take(files, entry.name, () => zipEntryBytes(zip, entry));
  }
  return files;
}

/**
 * The files of an upload: a gzipped tar, a zip, or a lone challenge.yml (known by its name).
 * Refuses whatever could reach outside the archive (`..`, absolute paths, links) and archives
 * past `maxBytes` uncompressed or `MAX_ARCHIVE_ENTRIES` entries.
 */
export async function unpackUpload(
  fileName: string,
  bytes: Buffer,
  limits: UnpackLimits,
): Promise<UnpackedFiles> {
  if (isZip(bytes)) return unzip(bytes, limits);
  if (isGzip(bytes)) {
    let tar: Buffer;
    try {
      tar = await gunzipAsync(bytes, { maxOutputLength: limits.maxBytes });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw tooLarge(limits.maxBytes);
      }
      throw apiErrors.labArchiveInvalid('archive', 'A damaged gzip file');
    }
    try {
      return await untar(tar);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw apiErrors.labArchiveInvalid('archive', 'Not a tar archive inside the gzip file');
    }
  }
  if (isYamlName(fileName)) return new Map([['challenge.yml', bytes]]);
  throw apiErrors.notALabArchive();
}
