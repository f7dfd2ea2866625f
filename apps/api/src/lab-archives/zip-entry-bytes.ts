import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { apiErrors } from '../errors';
import type { ZipEntry } from './zip-directory';

const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const inflate = promisify(inflateRaw);

/** The bytes `entry` keeps in the zip, after its local header; undefined when out of bounds. */
function storedData(zip: Buffer, entry: ZipEntry): Buffer | undefined {
  const at = entry.headerOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return undefined;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  return end > zip.length ? undefined : zip.subarray(start, end);
}

/**
 * What `entry` holds, refused unless it is exactly the size the directory declares. Inflating
 * runs in zlib's thread pool, not on the event loop, and stops as soon as the output passes the
 * declared size: a few kilobytes of deflate stream can declare 100 bytes and inflate to
 * gigabytes.
 */
export async function zipEntryBytes(zip: Buffer, entry: ZipEntry): Promise<Buffer> {
  const data = storedData(zip, entry);
  if (!data) throw apiErrors.labArchiveInvalid(entry.name, 'A damaged zip entry');
  let bytes: Buffer;
  if (entry.method === STORED) {
    bytes = data;
  } else if (entry.method === DEFLATED) {
    try {
      // maxOutputLength must be at least 1; a longer output is refused below all the same.
      bytes = await inflate(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw apiErrors.labArchiveSizeMismatch(entry.name, entry.size);
      }
      throw apiErrors.labArchiveInvalid(entry.name, 'A damaged zip entry');
    }
  } else {
    throw apiErrors.labArchiveInvalid(
      entry.name,
      `Compression method ${entry.method} is not supported: only stored and deflated entries`,
    );
  }
  if (bytes.length !== entry.size) throw apiErrors.labArchiveSizeMismatch(entry.name, entry.size);
  return bytes;
}
