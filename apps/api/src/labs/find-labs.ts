import type { Lab, LabSummary, LabTarget } from '@hackclass/contracts';
import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiDatabase } from '../db';
import { classroomLabs, classrooms, labFiles, labs } from '../db/schema';
import { type Actor, isAdmin, isTeacher } from '../policies/actors';
import { canSeeLabFlags } from '../policies/labs';
import { taughtBy } from '../policies/taught-by';
import { type ImageContext, labImageRefusal } from '../targets/image-policy';
import { labTargetOf, summaryOf } from '../targets/lab-target';
import { flagsOf } from './flags';
import { hintsOf } from './lab-hints';
import { type LabRow, presentLabSummary } from './present-lab';
import { listedLabsCondition, visibleLabsCondition } from './visibility';

/** The labs of the actor's list, newest first, with their file counts, in one query. */
export async function listLabs(db: ApiDatabase, actor: Actor): Promise<LabSummary[]> {
  const rows = await db
    .select({ lab: getTableColumns(labs), fileCount: count(labFiles.id) })
    .from(labs)
    .leftJoin(labFiles, eq(labFiles.labId, labs.id))
    .where(listedLabsCondition(db, actor))
    .groupBy(labs.id)
    .orderBy(desc(labs.createdAt), asc(labs.id));
  return rows.map(({ lab, fileCount }) => presentLabSummary(actor, lab, fileCount));
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;
/** What `slugify` makes; anything else names no lab, and need not reach the database. */
const SLUG_SHAPE = /^[a-z0-9-]+$/;

/** The lab with this id or slug if the actor may see it; else nothing, as if it did not exist. */
export async function findVisibleLab(
  db: ApiDatabase,
  actor: Actor,
  idOrSlug: string,
): Promise<LabRow | undefined> {
  if (!isUuid(idOrSlug) && !SLUG_SHAPE.test(idOrSlug)) return undefined;
  const [lab] = await db
    .select()
    .from(labs)
    .where(
      and(
        isUuid(idOrSlug) ? eq(labs.id, idOrSlug) : eq(labs.slug, idOrSlug),
        visibleLabsCondition(db, actor),
      ),
    );
  return lab;
}

/**
 * A lab with its files, the classrooms using it that the actor runs, and flags and hints if
 * theirs; its target says why it cannot start when this server refuses its image (`images`).
 */
export async function labDetails(
  db: ApiDatabase,
  actor: Actor,
  lab: LabRow,
  images: ImageContext,
): Promise<Lab> {
  const files = await db
    .select({
      id: labFiles.id,
      fileName: labFiles.fileName,
      size: labFiles.size,
      contentType: labFiles.contentType,
    })
    .from(labFiles)
    .where(eq(labFiles.labId, lab.id))
    .orderBy(asc(labFiles.createdAt), asc(labFiles.fileName), asc(labFiles.id));
  const editor = canSeeLabFlags(actor, lab);
  const [usedIn, flags, hints, target] = await Promise.all([
    managedClassroomsUsing(db, actor, lab.id),
    editor ? flagsOf(db, lab.id) : undefined,
    editor ? hintsOf(db, lab.id) : undefined,
    labTargetOf(db, lab.id),
  ]);
  return {
    ...presentLabSummary(actor, lab, files.length),
    files,
    classrooms: usedIn,
    ...(flags ? { flags } : {}),
    ...(hints ? { hints } : {}),
    target: target ? await targetSummary(images, lab.id, target) : null,
    // The image, its settings and the flag format are the lab's answers as much as its flags.
    ...(editor && target ? { targetDefinition: target } : {}),
  };
}

async function targetSummary(images: ImageContext, labId: string, target: LabTarget) {
  const refused = await labImageRefusal(images, labId, target.image);
  return { ...summaryOf(target), ...(refused ? { refused } : {}) };
}

/** Mirrors `canManageClassroom`: admins run every classroom, teachers those they teach. */
async function managedClassroomsUsing(db: ApiDatabase, actor: Actor, labId: string) {
  if (!isAdmin(actor) && !isTeacher(actor)) return [];
  return db
    .select({ id: classrooms.id, name: classrooms.name })
    .from(classroomLabs)
    .innerJoin(classrooms, eq(classrooms.id, classroomLabs.classroomId))
    .where(and(eq(classroomLabs.labId, labId), isAdmin(actor) ? undefined : taughtBy(actor.id)))
    .orderBy(asc(classrooms.name));
}

/** One file of a lab the actor may see. */
export async function findVisibleLabFile(
  db: ApiDatabase,
  actor: Actor,
  labIdOrSlug: string,
  fileId: string,
) {
  if (!isUuid(fileId)) return undefined;
  const lab = await findVisibleLab(db, actor, labIdOrSlug);
  if (!lab) return undefined;
  const [file] = await db
    .select()
    .from(labFiles)
    .where(and(eq(labFiles.id, fileId), eq(labFiles.labId, lab.id)));
  return file;
}
