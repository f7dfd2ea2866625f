import { gunzipSync } from 'node:zlib';
import { HttpError } from '@hackclass/http';
import { unzipSync } from 'fflate';
import { extract } from 'tar-stream';
import { apiErrors } from '../errors';
import { safeEntryPath } from './archive-paths';
import { zipSymlinks } from './zip-symlinks';

/** The most entries an uploaded archive may hold, folders included. */
export const MAX_ARCHIVE_ENTRIES = 1_000;

export interface UnpackLimits {
  /** What all the entries may take once uncompressed, together. */
  maxBytes: number;
}

/** An upload's files by their path inside it; a lone challenge.yml is `challenge.yml`. */
export type UnpackedFiles = Map<string, Buffer>;

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

function take(files: UnpackedFiles, name: string, bytes: Buffer) {
  const path = safeEntryPath(name);
  if (path === undefined) {
    throw apiErrors.labArchiveInvalid(name, 'A path outside the archive is not allowed');
  }
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
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    take(files, name, Buffer.concat(chunks));
  }
  return files;
}

function unzip(zip: Buffer, { maxBytes }: UnpackLimits): UnpackedFiles {
  const linked = zipSymlinks(zip);
  if (linked === undefined) throw apiErrors.labArchiveInvalid('archive', 'A damaged zip file');
  if (linked.length > 0) {
    throw apiErrors.labArchiveInvalid(linked[0] ?? '', 'Links are not allowed');
  }
  let entries = 0;
  let declared = 0;
  let unpacked: Record<string, Uint8Array>;
  try {
    // Each entry inflates into a buffer of the size its header declares and no larger, so the
    // declared sizes bound what a zip bomb can make.
    unpacked = unzipSync(zip, {
      filter: (file) => {
        entries += 1;
        declared += file.originalSize;
        if (entries > MAX_ARCHIVE_ENTRIES) throw tooManyEntries();
        if (declared > maxBytes) throw tooLarge(maxBytes);
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw apiErrors.labArchiveInvalid('archive', 'A damaged zip file');
  }
  const files: UnpackedFiles = new Map();
  for (const [name, bytes] of Object.entries(unpacked)) take(files, name, Buffer.from(bytes));
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
      tar = gunzipSync(bytes, { maxOutputLength: limits.maxBytes });
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
