const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const UNIX_HOST = 3;
const FILE_TYPE_MASK = 0o170000;
const SYMLINK = 0o120000;

/**
 * The names of a zip's entries that are symbolic links (made on Unix, with the link file type in
 * their external attributes), read from its central directory; undefined when it has none.
 */
export function zipSymlinks(zip: Buffer): string[] | undefined {
  // The end record is the last 22 bytes, followed by a comment of up to 65 535 bytes.
  const floor = Math.max(0, zip.length - 22 - 65_535);
  let end = -1;
  for (let at = zip.length - 22; at >= floor; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const links: string[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const host = zip.readUInt8(at + 5);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    if (host === UNIX_HOST && (mode & FILE_TYPE_MASK) === SYMLINK) {
      links.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return links;
}
