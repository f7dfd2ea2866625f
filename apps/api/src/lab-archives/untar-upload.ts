import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { HttpError } from '@hackclass/http';
import { extract, type Header } from 'tar-stream';
import { apiErrors } from '../errors';
import {
  MAX_ARCHIVE_ENTRIES,
  MAX_LISTED_ENTRIES,
  outsideArchive,
  STREAMED_PER_READ,
  tooLarge,
  tooManyEntries,
  tooManyNeeded,
  type UnpackedFiles,
  type UnpackLimits,
} from './archive-limits';
import { safeEntryPath } from './archive-paths';
import { filesChallengesNeed } from './ctfd-referenced';
import { isChallengeFile } from './ctfd-yaml';

/** One entry of a tar as it streams by: its header, its checked path, and a way to its bytes. */
interface StreamedEntry {
  header: Header;
  path: string;
  read(): Promise<Buffer>;
}

/**
 * Each file and link entry of a gzipped tar, unpacked as it streams (never the whole tar in
 * memory), its path checked; folders are skipped. Past `maxStreamed` bytes unpacked, or a
 * damaged gzip or tar, it throws the problem to answer.
 */
async function eachEntry(
  gz: Buffer,
  maxStreamed: number,
  visit: (entry: StreamedEntry) => Promise<void>,
): Promise<void> {
  let streamed = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      streamed += chunk.length;
      done(streamed > maxStreamed ? tooLarge(maxStreamed) : null, chunk);
    },
  });
  const reader = extract();
  let damage: 'gzip' | 'tar' | undefined;
  const gunzip = createGunzip().once('error', () => {
    damage ??= 'gzip';
  });
  const flowing = pipeline(Readable.from([gz]), gunzip, bounded, reader);
  try {
    for await (const entry of reader) {
      const { header } = entry;
      if (header.type === 'directory') {
        entry.resume();
        continue;
      }
      const path = safeEntryPath(header.name);
      if (path === undefined) throw outsideArchive(header.name);
      let read = false;
      await visit({
        header,
        path,
        read: () => {
          read = true;
          return buffer(entry);
        },
      });
      if (!read) entry.resume();
    }
    await flowing;
  } catch (error) {
    flowing.catch(() => {});
    if (error instanceof HttpError) throw error;
    if (damage === 'gzip') throw apiErrors.labArchiveInvalid('archive', 'A damaged gzip file');
    throw apiErrors.labArchiveInvalid('archive', 'Not a tar archive inside the gzip file');
  }
}

const isFile = (header: Header) => header.type === 'file' || header.type === 'contiguous-file';
const linkRefused = (name: string) =>
  apiErrors.labArchiveInvalid(name, 'Links and special files are not allowed');

/**
 * The files of a gzipped tar, read as it streams. One within `MAX_ARCHIVE_ENTRIES` entries and
 * `maxBytes` is taken whole. Of a larger one, a repository with its build folders and `.git`,
 * only what its CTFd challenges need is taken, and only that counts against `maxBytes`: a first
 * pass lists the entries and reads the challenge files, a second reads what they list. Either
 * way the tar may unpack to `STREAMED_PER_READ` times `maxBytes` at most.
 */
export async function untarUpload(
  gz: Buffer,
  { maxBytes, maxListedEntries = MAX_LISTED_ENTRIES }: UnpackLimits,
): Promise<UnpackedFiles> {
  const maxStreamed = maxBytes * STREAMED_PER_READ;
  const files: UnpackedFiles = new Map();
  const paths: string[] = [];
  const links = new Set<string>();
  let readBytes = 0;
  let whole = true;
  await eachEntry(gz, maxStreamed, async ({ header, path, read }) => {
    paths.push(path);
    if (paths.length > maxListedEntries) throw tooManyEntries(maxListedEntries);
    if (!isFile(header)) {
      links.add(path);
      return;
    }
    if (
      whole &&
      (paths.length > MAX_ARCHIVE_ENTRIES || readBytes + (header.size ?? 0) > maxBytes)
    ) {
      // Too many entries, or too large, to take whole: from here on, the challenge files only.
      whole = false;
      for (const kept of files.keys()) if (!isChallengeFile(kept)) files.delete(kept);
      readBytes = [...files.values()].reduce((total, bytes) => total + bytes.length, 0);
    }
    if (!whole && !isChallengeFile(path)) return;
    const bytes = await read();
    readBytes += bytes.length;
    if (readBytes > maxBytes) throw tooLarge(maxBytes);
    files.set(path, bytes);
  });
  const needed = whole
    ? new Set(paths)
    : await filesChallengesNeed(paths, async (path) => files.get(path) ?? Buffer.alloc(0));
  // Without challenges to say what they need, a tar past `maxBytes` is just too large.
  if (!whole && needed.size === 0 && paths.length <= MAX_ARCHIVE_ENTRIES) throw tooLarge(maxBytes);
  if (needed.size > MAX_ARCHIVE_ENTRIES) throw tooManyNeeded();
  const link = [...needed].find((path) => links.has(path));
  if (link !== undefined) throw linkRefused(link);
  if (whole) return files;
  const taken: UnpackedFiles = new Map();
  let takenBytes = 0;
  await eachEntry(gz, maxStreamed, async ({ path, read }) => {
    if (!needed.has(path) || taken.has(path)) return;
    const bytes = files.get(path) ?? (await read());
    takenBytes += bytes.length;
    if (takenBytes > maxBytes) throw tooLarge(maxBytes);
    taken.set(path, bytes);
  });
  return taken;
}
