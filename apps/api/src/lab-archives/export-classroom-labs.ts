import {
  LAB_ARCHIVE_VERSION,
  LAB_SET_ARCHIVE_FORMAT,
  type LabSetArchiveManifest,
} from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import { asc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabRequirements, classroomLabs, labs } from '../db/schema';
import type { Actor } from '../policies/actors';
import { canEditLab } from '../policies/labs';
import { labForArchive } from './archived-lab';
import { addJson, addLab, gzippedTar } from './pack-archive';

/**
 * A classroom's labs in the order they were added, each as in its own archive under
 * `labs/<slug>/`, with a manifest giving their schedules and unlock paths. Only the labs the
 * actor may edit travel (the others' flags are not theirs to take): the manifest names the rest,
 * and an unlock path through one of them is dropped.
 */
export async function classroomLabsArchive(
  db: ApiDatabase,
  store: FileStore,
  actor: Actor,
  classroom: { id: string; name: string },
) {
  const rows = await db
    .select({
      id: labs.id,
      slug: labs.slug,
      name: labs.name,
      creatorId: labs.creatorId,
      opensAt: classroomLabs.opensAt,
      dueAt: classroomLabs.dueAt,
      latePercent: classroomLabs.latePercent,
    })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(eq(classroomLabs.classroomId, classroom.id))
    .orderBy(asc(classroomLabs.addedAt), asc(labs.name), asc(labs.id));
  const requirements = await db
    .select()
    .from(classroomLabRequirements)
    .where(eq(classroomLabRequirements.classroomId, classroom.id));
  const travelling = rows.filter((row) => canEditLab(actor, row));
  const refOf = new Map(travelling.map((row) => [row.id, row.slug]));
  const exportedAt = new Date().toISOString();
  const manifest: LabSetArchiveManifest = {
    format: LAB_SET_ARCHIVE_FORMAT,
    version: LAB_ARCHIVE_VERSION,
    exportedAt,
    classroom: { name: classroom.name },
    labs: travelling.map((row) => ({
      ref: row.slug,
      opensAt: row.opensAt?.toISOString() ?? null,
      dueAt: row.dueAt?.toISOString() ?? null,
      latePercent: row.latePercent,
      requires: requirements
        .filter((requirement) => requirement.labId === row.id)
        .flatMap((requirement) => refOf.get(requirement.requiredLabId) ?? []),
    })),
    leftOut: rows
      .filter((row) => !refOf.has(row.id))
      .map((row) => ({
        name: row.name,
        reason: 'Another teacher’s lab: only its creator or an admin may export it',
      })),
  };
  return gzippedTar(async (pack) => {
    for (const row of travelling) {
      await addLab(pack, store, `labs/${row.slug}/`, await labForArchive(db, row.id), exportedAt);
    }
    await addJson(pack, 'manifest.json', manifest);
  });
}
