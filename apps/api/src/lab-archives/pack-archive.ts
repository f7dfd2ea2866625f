import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import {
  type ArchivedLab,
  LAB_ARCHIVE_FORMAT,
  LAB_ARCHIVE_VERSION,
  type LabArchiveManifest,
} from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import { type Pack, pack as tarPack } from 'tar-stream';
import type { LabForArchive } from './archived-lab';

/** Writes `body` as one entry of `size` bytes, handing each chunk to `seen` on the way. */
function addEntry(
  pack: Pack,
  name: string,
  size: number,
  body: AsyncIterable<Buffer>,
  seen: (chunk: Buffer) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (error) =>
      error ? reject(error) : resolve(),
    );
    async function* tapped() {
      for await (const chunk of body) {
        seen(chunk);
        yield chunk;
      }
    }
    Readable.from(tapped())
      .on('error', (error) => {
        entry.destroy(error);
        reject(error);
      })
      .pipe(entry);
  });
}

export const addJson = (pack: Pack, name: string, value: unknown) =>
  new Promise<void>((resolve, reject) => {
    pack.entry({ name, mode: 0o644, mtime: new Date() }, JSON.stringify(value, null, 2), (error) =>
      error ? reject(error) : resolve(),
    );
  });

/**
 * Writes a lab under `folder` (`''` or `labs/<ref>/`): its files as `files/<name>`, each hashed
 * as it streams out of the store, then the `manifest.json` that lists them with their hashes.
 */
export async function addLab(
  pack: Pack,
  store: FileStore,
  folder: string,
  { lab, files }: LabForArchive,
  exportedAt: string,
): Promise<void> {
  const listed: ArchivedLab['files'] = [];
  for (const file of files) {
    const { body } = await store.get(file.storageKey);
    const hash = createHash('sha256');
    await addEntry(pack, `${folder}files/${file.name}`, file.size, body, (chunk) =>
      hash.update(chunk),
    );
    listed.push({ name: file.name, size: file.size, sha256: hash.digest('hex') });
  }
  const manifest: LabArchiveManifest = {
    format: LAB_ARCHIVE_FORMAT,
    version: LAB_ARCHIVE_VERSION,
    exportedAt,
    lab: { ...lab, files: listed },
  };
  await addJson(pack, `${folder}manifest.json`, manifest);
}

/**
 * A gzipped tar archive that `write` fills, streamed as it is written. A failure part-way
 * breaks the stream off, so the download fails rather than ending in a cut archive.
 */
export function gzippedTar(write: (pack: Pack) => Promise<void>): Readable {
  const pack = tarPack();
  const gzip = createGzip();
  pack.pipe(gzip);
  write(pack).then(
    () => pack.finalize(),
    (error: unknown) => {
      pack.destroy(error as Error);
      gzip.destroy(error as Error);
    },
  );
  return gzip;
}
