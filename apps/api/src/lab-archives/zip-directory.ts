const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_EXTRA = 0x0001;
const UTF8_NAME = 0x0800;
const UNIX_HOST = 3;
const FILE_TYPE_MASK = 0o170000;
const SYMLINK = 0o120000;
/** A 32-bit field at its maximum: the value is in the ZIP64 record or extra field instead. */
const IN_ZIP64 = 0xffffffff;

/** An entry of a zip as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What it declares to hold uncompressed: a claim only its data can bear out. */
  size: number;
  /** Where its local header starts. */
  headerOffset: number;
  /** A symbolic link made on Unix (the link file type in its external attributes). */
  symlink: boolean;
}

/** Where the central directory starts and how many entries it lists. */
function directoryBounds(zip: Buffer): { start: number; count: number } | undefined {
  // The end record is the last 22 bytes, followed by a comment of up to 65 535 bytes.
  const floor = Math.max(0, zip.length - 22 - 65_535);
  for (let at = zip.length - 22; at >= floor; at--) {
    if (zip.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const count = zip.readUInt16LE(at + 10);
    const start = zip.readUInt32LE(at + 16);
    if (count !== 0xffff && start !== IN_ZIP64) return { start, count };
    // A ZIP64 locator just before the end record points at the record with the 64-bit values.
    const locator = at - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== ZIP64_END_LOCATOR) return undefined;
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (record + 56 > zip.length || zip.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) {
      return undefined;
    }
    return {
      count: Number(zip.readBigUInt64LE(record + 32)),
      start: Number(zip.readBigUInt64LE(record + 48)),
    };
  }
  return undefined;
}

/**
 * The size, compressed size and header offset an entry lists, those at their 32-bit maximum
 * read in that order from its ZIP64 extra field.
 */
function wideValues(values: number[], extra: Buffer): number[] | undefined {
  if (!values.includes(IN_ZIP64)) return values;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    const end = Math.min(extra.length, at + 4 + extra.readUInt16LE(at + 2));
    let field = at + 4;
    const wide = values.map((value) => {
      if (value !== IN_ZIP64) return value;
      field += 8;
      return field <= end ? Number(extra.readBigUInt64LE(field - 8)) : Number.NaN;
    });
    return wide.some(Number.isNaN) ? undefined : wide;
  }
  return undefined;
}

/**
 * The entries of a zip's central directory; 'damaged' when it has none or it is cut short, and
 * 'too many' past `maxEntries`, before reading any.
 */
export function zipDirectory(zip: Buffer, maxEntries: number): ZipEntry[] | 'damaged' | 'too many' {
  const bounds = directoryBounds(zip);
  if (!bounds) return 'damaged';
  if (bounds.count > maxEntries) return 'too many';
  const entries: ZipEntry[] = [];
  let at = bounds.start;
  for (let index = 0; index < bounds.count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'damaged';
    const nameStart = at + 46;
    const extraStart = nameStart + zip.readUInt16LE(at + 28);
    const extraEnd = extraStart + zip.readUInt16LE(at + 30);
    if (extraEnd > zip.length) return 'damaged';
    const values = wideValues(
      [zip.readUInt32LE(at + 24), zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 42)],
      zip.subarray(extraStart, extraEnd),
    );
    if (!values) return 'damaged';
    const [size = 0, compressedSize = 0, headerOffset = 0] = values;
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    // UTF-8 when flagged so; otherwise in the maker's code page, taken byte for byte as Latin-1.
    const encoding = zip.readUInt16LE(at + 8) & UTF8_NAME ? 'utf8' : 'latin1';
    entries.push({
      name: zip.toString(encoding, nameStart, extraStart),
      method: zip.readUInt16LE(at + 10),
      compressedSize,
      size,
      headerOffset,
      symlink: zip.readUInt8(at + 5) === UNIX_HOST && (mode & FILE_TYPE_MASK) === SYMLINK,
    });
    at = extraEnd + zip.readUInt16LE(at + 32);
  }
  return entries;
}
