import { Readable } from 'node:stream';
import { EngineError } from '@hackclass/engine';
import type { FileStore } from '@hackclass/storage';
import { eq } from 'drizzle-orm';
import { type Pack, pack as tarPack } from 'tar-stream';
import { labFiles } from '../db/schema';
import { apiErrors } from '../errors';
import { problemOf } from './failures';
import type { TargetRow } from './present-target';
import type { TargetService } from './service';

/** A stored file as one entry of the archive. */
function addFile(pack: Pack, name: string, size: number, body: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (error) =>
      error ? reject(error) : resolve(),
    );
    body.once('error', (error) => {
      entry.destroy(error);
      reject(error);
    });
    body.pipe(entry);
  });
}

/**
 * Puts a lab's files in the student's running box, under `~/labs/<lab slug>`, as one archive
 * streamed from the file store into the box. The caller checked that the student sees the lab,
 * as for a download.
 */
export async function copyLabFiles(
  service: TargetService,
  files: FileStore,
  { box, lab }: { box: TargetRow; lab: { id: string; slug: string } },
): Promise<{ folder: string; count: number }> {
  const boxes = service.driver?.boxes;
  if (!boxes) throw apiErrors.attackBoxesOff();
  if (box.state !== 'running') throw apiErrors.targetNotRunning();
  const stored = await service.db.select().from(labFiles).where(eq(labFiles.labId, lab.id));
  const archive = tarPack();
  const written = (async () => {
    for (const file of stored) {
      const { body } = await files.get(file.storageKey);
      // A file's name is one path segment in the box, whatever its uploader called it.
      await addFile(archive, file.fileName.replaceAll('/', '_'), file.size, body);
    }
    archive.finalize();
  })();
  written.catch((error: unknown) => archive.destroy(error as Error));
  const folder = `labs/${lab.slug}`;
  try {
    await Promise.all([boxes.unpack(box.id, folder, Readable.from(archive)), written]);
  } catch (error) {
    if (error instanceof EngineError && error.code === 'box_gone') {
      throw apiErrors.engineFailure('box_gone', 'This attack box stopped: start it again');
    }
    throw problemOf(error) ?? error;
  }
  return { folder: `~/${folder}`, count: stored.length };
}
