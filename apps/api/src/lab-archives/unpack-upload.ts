import { apiErrors } from '../errors';
import {
  MAX_ARCHIVE_ENTRIES,
  MAX_LISTED_ENTRIES,
  outsideArchive,
  tooLarge,
  tooManyEntries,
  tooManyNeeded,
  type UnpackedFiles,
  type UnpackLimits,
} from './archive-limits';
import { safeEntryPath } from './archive-paths';
import { filesChallengesNeed } from './ctfd-referenced';
import { untarUpload } from './untar-upload';
import { type ZipEntry, zipDirectory } from './zip-directory';
import { zipEntryBytes } from './zip-entry-bytes';

const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;
const isZip = (bytes: Buffer) =>
  bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ||
  bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
const isYamlName = (name: string) => /\.ya?ml$/i.test(name);

/**
 * The entries of a zip its CTFd challenges need, when it is too large to take whole: past
 * `MAX_ARCHIVE_ENTRIES` entries or `maxBytes` declared. None when it has no challenges to say.
 */
async function neededOf(
  entries: ZipEntry[],
  read: (entry: ZipEntry) => Promise<Buffer>,
): Promise<ZipEntry[]> {
  const byPath = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const path = safeEntryPath(entry.name);
    if (path === undefined) throw outsideArchive(entry.name);
    byPath.set(path, entry);
  }
  const needed = await filesChallengesNeed([...byPath.keys()], (path) =>
    read(byPath.get(path) as ZipEntry),
  );
  if (needed.size > MAX_ARCHIVE_ENTRIES) throw tooManyNeeded();
  return [...byPath].filter(([path]) => needed.has(path)).map(([, entry]) => entry);
}

/** Adds the entry `name` to `files`, its path checked before its bytes are read. */
async function take(files: UnpackedFiles, name: string, read: () => Promise<Buffer>) {
  const path = safeEntryPath(name);
  if (path === undefined) throw outsideArchive(name);
  const bytes = await read();
  if (path !== '') files.set(path, bytes);
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
  const declaredAll = files.reduce((total, entry) => total + entry.size, 0);
  const whole = files.length <= MAX_ARCHIVE_ENTRIES && declaredAll <= maxBytes;
  const entries = whole ? files : await neededOf(files, readBounded);
  // Without challenges to say what they need, a zip past `maxBytes` is just too large.
  if (entries.length === 0 && files.length > 0 && files.length <= MAX_ARCHIVE_ENTRIES) {
    throw tooLarge(maxBytes);
  }
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
 * whose entries read pass `maxBytes` uncompressed or which list more than `maxListedEntries`.
 * Of an archive past `MAX_ARCHIVE_ENTRIES` entries or `maxBytes` (a repository with its build
 * folders and `.git`), only the files its CTFd challenges need are taken.
 */
export async function unpackUpload(
  fileName: string,
  bytes: Buffer,
  limits: UnpackLimits,
): Promise<UnpackedFiles> {
  if (isZip(bytes)) return unzip(bytes, limits);
  if (isGzip(bytes)) return untarUpload(bytes, limits);
  if (isYamlName(fileName)) return new Map([['challenge.yml', bytes]]);
  throw apiErrors.notALabArchive();
}
