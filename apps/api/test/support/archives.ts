import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { constants, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { extract, pack } from 'tar-stream';

/** The ctfcli challenge folders under test/fixtures/ctfd. */
export const CTFD_FIXTURES = join(import.meta.dirname, '../fixtures/ctfd');

/** Every file under `folder`, by its path relative to `base`. */
export function filesUnder(folder: string, base = folder): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      for (const [inner, bytes] of filesUnder(path, base)) files.set(inner, bytes);
    } else {
      files.set(relative(base, path), readFileSync(path));
    }
  }
  return files;
}

/** A gzipped tar of the entries, in order; those named in `links` are symbolic links there. */
export async function tarGz(
  entries: Iterable<[string, Buffer | string]>,
  links: Record<string, string> = {},
): Promise<Buffer> {
  const tar = pack();
  for (const [name, bytes] of entries) {
    const linkname = links[name];
    if (linkname === undefined) tar.entry({ name }, bytes);
    else tar.entry({ name, type: 'symlink', linkname });
  }
  tar.finalize();
  return gzipSync(await buffer(tar));
}

export const zip = (entries: Iterable<[string, Buffer | string]>): Buffer =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        [...entries].map(([name, bytes]) => [name, new Uint8Array(Buffer.from(bytes))]),
      ),
    ),
  );

/**
 * A zip of one deflated entry whose headers declare `declaredSize` bytes while its data inflates
 * to `inflatedSize` zeros: a zip bomb that lies about its size.
 */
export function liarZip(name: string, declaredSize: number, inflatedSize: number): Buffer {
  // Run-length encoding finds the zeros' one repeat at once, faster than the default strategy.
  const data = deflateRawSync(Buffer.alloc(inflatedSize), { strategy: constants.Z_RLE });
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** The files of a gzipped tar by name. */
export async function untarGz(archive: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const reader = extract();
  reader.end(gunzipSync(archive));
  for await (const entry of reader) {
    files.set(entry.header.name, await buffer(entry));
  }
  return files;
}

/** An upload form holding one file as the import takes it. */
export function importForm(name: string, bytes: Buffer | string, classroomId?: string): FormData {
  const form = new FormData();
  if (classroomId) form.append('classroomId', classroomId);
  form.append('archive', new Blob([new Uint8Array(Buffer.from(bytes))]), name);
  return form;
}
