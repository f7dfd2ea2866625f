import { apiErrors } from '../errors';

/**
 * The most entries an upload's labs are read from, folders included: a HackClass archive's, or
 * a CTFd repository's that its challenges need (`filesChallengesNeed`).
 */
export const MAX_ARCHIVE_ENTRIES = 1_000;

/** The most entries an uploaded archive may list, a repository's build folders and `.git` too. */
export const MAX_LISTED_ENTRIES = 100_000;

/**
 * How many times the bytes it may read a gzipped tar may unpack to, its unread entries too: a
 * repository's `.git` (packed already) and build folders fit many times over; a gzip bomb, which
 * unpacks a thousand times over, is stopped here without being held in memory.
 */
export const STREAMED_PER_READ = 16;

export interface UnpackLimits {
  /** What the entries read may take once uncompressed, together. */
  maxBytes: number;
  /** The most entries the archive may list (`MAX_LISTED_ENTRIES` unless told). */
  maxListedEntries?: number;
}

/** An upload's files by their path inside it; a lone challenge.yml is `challenge.yml`. */
export type UnpackedFiles = Map<string, Buffer>;

export const tooLarge = (maxBytes: number) =>
  apiErrors.labArchiveTooLarge(
    `The archive holds more than ${Math.floor(maxBytes / 1_048_576)} MB once uncompressed`,
  );
export const tooManyEntries = (most: number) =>
  apiErrors.labArchiveTooLarge(`An archive may hold at most ${most} entries`);
export const tooManyNeeded = () =>
  apiErrors.labArchiveTooLarge(
    `The labs of an archive may have at most ${MAX_ARCHIVE_ENTRIES} files between them`,
  );
export const outsideArchive = (name: string) =>
  apiErrors.labArchiveInvalid(name, 'A path outside the archive is not allowed');
