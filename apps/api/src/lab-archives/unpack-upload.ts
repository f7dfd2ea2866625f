import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { HttpError } from '@hackclass/http';
import { extract } from 'tar-stream';
import { apiErrors } from '../errors';
import { safeEntryPath } from './archive-paths';
import { filesChallengesNeed } from './ctfd-referenced';
import { type ZipEntry, zipDirectory } from './zip-directory';
import { zipEntryBytes } from './zip-entry-bytes';

/**
 * The most entries an upload's labs are read from, folders included: a HackClass archive's, or
 * a CTFd repository's that its challenges need (`filesChallengesNeed`).
 */
export const MAX_ARCHIVE_ENTRIES = 1_000;

/** The most entries an uploaded archive may list, a repository's build folders and `.git` too. */
export const MAX_LISTED_ENTRIES = 100_000;

export interface UnpackLimits {
  /** What the entries read may take once uncompressed, together. */
  maxBytes: number;
  /** The most entries the archive may list (`MAX_LISTED_ENTRIES` unless told). */
  maxListedEntries?: number;
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
const tooManyEntries = (most: number) =>
  apiErrors.labArchiveTooLarge(`An archive may hold at most ${most} entries`);
const tooManyNeeded = () =>
  apiErrors.labArchiveTooLarge(
    `The labs of an archive may have at most ${MAX_ARCHIVE_ENTRIES} files between them`,
  );

/** The entry names of an archive past `MAX_ARCHIVE_ENTRIES`: those its CTFd challenges need. */
async function neededOf<Entry extends { name: string }>(
  entries: Entry[],
  read: (entry: Entry) => Promise<Buffer>,
): Promise<Entry[]> {
  if (entries.length <= MAX_ARCHIVE_ENTRIES) return entries;
  const byPath = new Map<string, Entry>();
  for (const entry of entries) {
    const path = safeEntryPath(entry.name);
    if (path === undefined) {
      throw apiErrors.labArchiveInvalid(entry.name, 'A path outside the archive is not allowed');
    }
    byPath.set(path, entry);
  }
  const needed = await filesChallengesNeed([...byPath.keys()], (path) =>
    read(byPath.get(path) as Entry),
  );
  if (needed.size > MAX_ARCHIVE_ENTRIES) throw tooManyNeeded();
  return [...byPath].filter(([path]) => needed.has(path)).map(([, entry]) => entry);
}

/** Adds the entry `name` to `files`, its path checked before its bytes are read. */
async function take(files: UnpackedFiles, name: string, read: () => Promise<Buffer>) {
  const path = safeEntryPath(name);
  if (path === undefined) {
    throw apiErrors.labArchiveInvalid(name, 'A path outside the archive is not allowed');
  }
  const bytes = await read();
  if (path !== '') files.set(path, bytes);
}

async function untar(tar: Buffer, maxListed: number): Promise<UnpackedFiles> {
  const files: UnpackedFiles = new Map();
  const links: string[] = [];
  const reader = extract();
  reader.end(tar);
  let entries = 0;
  for await (const entry of reader) {
    entries += 1;
    if (entries > maxListed) throw tooManyEntries(maxListed);
    const { name, type } = entry.header;
    if (type === 'directory') {
      entry.resume();
      continue;
    }
    if (type !== 'file' && type !== 'contiguous-file') {
      entry.resume();
      links.push(name);
      continue;
    }
    await take(files, name, () => buffer(entry));
  }
  // The whole tar is in memory already, within the limit its gzip was read with. A link is
  // refused where a lab would take it: anywhere in a small archive.
  const needed = await neededOf(
    [...[...files.keys()].map((name) => ({ name })), ...links.map((name) => ({ name }))],
    async ({ name }) => files.get(name) ?? Buffer.alloc(0),
  );
  const link = needed.find(({ name }) => !files.has(name));
  if (link) throw apiErrors.labArchiveInvalid(link.name, 'Links and special files are not allowed');
  return new Map(needed.map(({ name }) => [name, files.get(name) ?? Buffer.alloc(0)]));
}

async function unzip(
  zip: Buffer,
  { maxBytes, maxListedEntries = MAX_LISTED_ENTRIES }: UnpackLimits,
): Promise<UnpackedFiles> {
  const listed = zipDirectory(zip, maxListedEntries);
  if (listed === 'damaged') throw apiErrors.labArchiveInvalid('archive', 'A damaged zip file');
  if (listed === 'too many') throw tooManyEntries(maxListedEntries);
  const files = listed.filter((entry) => !entry.name.endsWith('/'));
  // Each entry is cut off past its declared size, so the declared sizes bound the real ones:
  // the challenge files read to find what a large repository's challenges need count too.
  let read = 0;
  const readBounded = (entry: ZipEntry) => {
    read += entry.size;
    if (read > maxBytes) throw tooLarge(maxBytes);
    return zipEntryBytes(zip, entry);
  };
  const entries = await neededOf(files, readBounded);
  const linked = entries.find((entry) => entry.symlink);
  if (linked) throw apiErrors.labArchiveInvalid(linked.name, 'Links are not allowed');
  const declared = entries.reduce((total, entry) => total + entry.size, 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const taken: UnpackedFiles = new Map();
  for (const entry of entries) {
    await take(taken, entry.name, () => zipEntryBytes(zip, entry));
  }
  return taken;
}

/**
 * The files of an upload: a gzipped tar, a zip, or a lone challenge.yml (known by its name).
 * Refuses whatever could reach outside the archive (`..`, absolute paths, links) and archives
 * past `maxBytes` uncompressed (a zip: of the entries read) or listing more than
 * `maxListedEntries`. Of an archive past `MAX_ARCHIVE_ENTRIES` entries (a repository with its
 * build folders and `.git`), only the files its CTFd challenges need are taken.
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
      return await untar(tar, limits.maxListedEntries ?? MAX_LISTED_ENTRIES);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw apiErrors.labArchiveInvalid('archive', 'Not a tar archive inside the gzip file');
    }
  }
  if (isYamlName(fileName)) return new Map([['challenge.yml', bytes]]);
  throw apiErrors.notALabArchive();
}
