import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
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
