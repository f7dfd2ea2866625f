import type { FileStore } from '@hackclass/storage';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiDatabase } from '../db';
import { classroomLabs, labFiles, labs } from '../db/schema';
import { apiErrors } from '../errors';
import { classroomsWithLab, recountPoints, takeScoresTurn } from '../leaderboard/recount';
import { markStopping } from '../targets/stop-targets';

/**
 * Deletes a lab with its file rows. A lab some classroom uses is refused (409, naming how
 * many) unless `force`, which removes it from those classrooms too: deleting a lab out from
 * under students is a choice to make knowingly. The lab row is locked first, so a classroom
 * cannot take the lab up between the count and the delete. Its students' targets stop. Returns
 * the storage keys of its files, to remove once the deletion is committed.
 */
export async function deleteLab(
  db: ApiDatabase,
  labId: string,
  { force }: { force: boolean },
): Promise<{ storageKeys: string[] }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: labs.id }).from(labs).where(eq(labs.id, labId)).for('update');
    const [usage] = await tx
      .select({ classrooms: count() })
      .from(classroomLabs)
      .where(eq(classroomLabs.labId, labId));
    const inUse = usage?.classrooms ?? 0;
    if (inUse > 0 && !force) throw apiErrors.labInUse(inUse);
    const files = await tx
      .select({ storageKey: labFiles.storageKey })
      .from(labFiles)
      .where(eq(labFiles.labId, labId));
    const classroomIds = (await classroomsWithLab(tx, labId)).sort();
    for (const classroomId of classroomIds) await takeScoresTurn(tx, classroomId);
    await markStopping(tx, { labId });
    // Its file rows, classroom links and solves go with it (on delete cascade).
    await tx.delete(labs).where(eq(labs.id, labId));
    await recountPoints(tx, classroomIds);
    return { storageKeys: files.map((file) => file.storageKey) };
  });
}

/**
 * Removes stored files whose rows are gone. A failure leaves an orphan file, not a broken lab,
 * so it is logged rather than failing a deletion that has already happened.
 */
export async function removeStoredFiles(
  store: FileStore,
  keys: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected') {
      log.warn({ err: result.reason, storageKey: keys[index] }, 'could not remove a stored file');
    }
  }
}
