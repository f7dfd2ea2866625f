import { LAB_FILES_FIELD, type updateLabFieldsSchema } from '@hackclass/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiDatabase } from '../db';
import { labFiles, labs } from '../db/schema';
import { apiErrors } from '../errors';
import { classroomsWithLab, recountPoints, takeScoresTurn } from '../leaderboard/recount';
import { bytesOf, ensureRoom, type QuotaOwner } from '../quotas/headroom';
import { saveLabTarget } from '../targets/lab-target';
import { markStopping } from '../targets/stop-targets';
import type { UploadedFile } from '../uploads/multipart-form';
import { insertFiles, scoringColumns } from './create-lab';
import { replaceFlags } from './flags';
import { replaceHints } from './lab-hints';
import type { LabRow } from './present-lab';

export type LabUpdate = z.output<typeof updateLabFieldsSchema>;

/**
 * Rewrites a lab's fields, flags and hints (a hint's cost moves scores), removes the files
 * named in `removeFileIds` (ids of other labs' files are ignored) and adds `files`, in one
 * transaction on the locked lab row; its slug stays. Refuses to go past `maxFiles` or the
 * owner's `quota` (counted after the removals). A target left out stays; `null` removes it and
 * stops the targets students run. Returns the storage keys of the removed files, to delete once
 * the change is committed.
 */
export async function updateLab(
  db: ApiDatabase,
  labId: string,
  fields: LabUpdate,
  files: UploadedFile[],
  { maxFiles, quota }: { maxFiles: number; quota: QuotaOwner | undefined },
): Promise<{ lab: LabRow; removedKeys: string[] }> {
  const { removeFileIds, flags, hints, target, ...columns } = fields;
  return db.transaction(async (tx) => {
    // Its scoring moves the scores of every classroom with it: their turns first, in one order.
    const classroomIds = (await classroomsWithLab(tx, labId)).sort();
    for (const classroomId of classroomIds) await takeScoresTurn(tx, classroomId);
    const [lab] = await tx
      .update(labs)
      .set({ ...columns, ...scoringColumns(fields), updatedAt: new Date() })
      .where(eq(labs.id, labId))
      .returning();
    if (!lab) throw apiErrors.notFound('Lab not found');
    const removed =
      removeFileIds.length === 0
        ? []
        : await tx
            .delete(labFiles)
            .where(and(eq(labFiles.labId, labId), inArray(labFiles.id, removeFileIds)))
            .returning({ storageKey: labFiles.storageKey });
    const [kept] = await tx
      .select({ files: count() })
      .from(labFiles)
      .where(eq(labFiles.labId, labId));
    if ((kept?.files ?? 0) + files.length > maxFiles) {
      throw apiErrors.tooManyFiles(LAB_FILES_FIELD, maxFiles);
    }
    await ensureRoom(tx, quota, { fileBytes: bytesOf(files) });
    await replaceFlags(tx, labId, flags);
    await replaceHints(tx, labId, hints);
    await saveLabTarget(tx, labId, target);
    if (target === null) await markStopping(tx, { labId });
    await recountPoints(tx, classroomIds);
    await insertFiles(tx, labId, files);
    return { lab, removedKeys: removed.map((file) => file.storageKey) };
  });
}
