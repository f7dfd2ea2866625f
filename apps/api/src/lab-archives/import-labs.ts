import type { LabImportReport } from '@hackclass/contracts';
import { analyzeTables } from '@hackclass/db';
import { type FileStore, newStorageKey } from '@hackclass/storage';
import type { ApiDatabase } from '../db';
import { isUniqueViolation } from '../db/database-errors';
import {
  classroomLabRequirements,
  classroomLabs,
  labFiles,
  labFlags,
  labHints,
  labs,
  notifications,
} from '../db/schema';
import { apiErrors } from '../errors';
import { freeSlugFor, insertFiles } from '../labs/create-lab';
import { bytesOf, ensureRoom, type QuotaOwner } from '../quotas/headroom';
import type { UploadedFile } from '../uploads/multipart-form';
import { joinClassroom, outsideClassroom } from './imported-into-classroom';
import type { DraftSet, LabDraft } from './lab-draft';

const SLUG_ATTEMPTS = 10;

export interface ImportTarget {
  creatorId: string;
  quota: QuotaOwner | undefined;
  /** The classroom the labs join, with their schedules and unlock paths. */
  classroom?: { id: string; name: string } | undefined;
  /** The limits on a lab's files (UPLOAD_*). */
  maxFiles: number;
  fileMaxBytes: number;
  /** Answer what the import would do, keeping nothing: no file stored, every row rolled back. */
  dryRun?: boolean;
}

/** Ends a dry run's transaction, rolling back the rows it wrote, with what they were. */
class DryRunDone extends Error {
  constructor(readonly created: { draft: LabDraft; name: string }[]) {
    super('dry run');
  }
}

function ensureFileLimits(drafts: readonly LabDraft[], { maxFiles, fileMaxBytes }: ImportTarget) {
  for (const { lab, files } of drafts) {
    if (files.length > maxFiles) {
      throw apiErrors.labArchiveInvalid(lab.name, `A lab has at most ${maxFiles} files`);
    }
    const large = files.find((file) => file.bytes.length > fileMaxBytes);
    if (large) {
      throw apiErrors.labArchiveInvalid(
        `${lab.name}: ${large.name}`,
        `A lab’s file may have at most ${Math.floor(fileMaxBytes / 1_048_576)} MB`,
      );
    }
  }
}

async function storeFiles(store: FileStore | undefined, draft: LabDraft, stored: UploadedFile[]) {
  const mine: UploadedFile[] = [];
  for (const file of draft.files) {
    const storageKey = newStorageKey('lab-files');
    const size = store ? (await store.put(storageKey, file.bytes)).size : file.bytes.length;
    const uploaded = {
      field: 'labFiles',
      fileName: file.name,
      contentType: 'application/octet-stream',
      storageKey,
      size,
    };
    stored.push(uploaded);
    mine.push(uploaded);
  }
  return mine;
}

async function insertLab(
  tx: ApiDatabase,
  creatorId: string,
  draft: LabDraft,
  files: UploadedFile[],
) {
  // The target is not imported: the report hands it to the teacher to add (see LabImportReport).
  const { flags, hints, target: _target, ...columns } = draft.lab;
  const [lab] = await tx
    .insert(labs)
    .values({ ...columns, slug: await freeSlugFor(tx, columns.name), creatorId })
    .returning();
  if (!lab) throw new Error('lab insert returned nothing');
  if (flags.length > 0) {
    await tx
      .insert(labFlags)
      .values(flags.map((flag, position) => ({ ...flag, labId: lab.id, position })));
  }
  if (hints.length > 0) {
    await tx.insert(labHints).values(
      hints.map(({ content, cost, order }) => ({
        labId: lab.id,
        content,
        cost,
        position: order,
      })),
    );
  }
  await insertFiles(tx, lab.id, files);
  return lab;
}

/**
 * Creates every lab of the upload as `target.creatorId`'s own, all or none: the files are
 * stored first, then one transaction writes every row (within the owner's quotas), whose tables
 * then have their statistics gathered (`analyzeTables`); any failure removes the stored files
 * again. A dry run stores no file and rolls the transaction back, so that its report (and any
 * refusal, a quota's) is the import's own.
 */
export async function importLabs(
  db: ApiDatabase,
  store: FileStore,
  { drafts, skipped, notMapped }: DraftSet,
  target: ImportTarget,
): Promise<LabImportReport> {
  ensureFileLimits(drafts, target);
  const stored: UploadedFile[] = [];
  try {
    const filesOf: UploadedFile[][] = [];
    const storing = target.dryRun ? undefined : store;
    for (const draft of drafts) filesOf.push(await storeFiles(storing, draft, stored));
    for (let attempt = 1; ; attempt++) {
      try {
        const created = await db.transaction(async (tx) => {
          await ensureRoom(tx, target.quota, { labs: drafts.length, fileBytes: bytesOf(stored) });
          const rows = [];
          for (const [index, draft] of drafts.entries()) {
            const lab = await insertLab(tx, target.creatorId, draft, filesOf[index] ?? []);
            rows.push({ draft, id: lab.id, slug: lab.slug, name: lab.name });
          }
          if (target.classroom && rows.length > 0) await joinClassroom(tx, target.classroom, rows);
          if (target.dryRun) throw new DryRunDone(rows);
          return rows;
        });
        await analyzeTables(db, [
          labs,
          labFlags,
          labHints,
          labFiles,
          ...(target.classroom ? [classroomLabs, classroomLabRequirements, notifications] : []),
        ]);
        return {
          dryRun: false,
          created: created.map(({ id, slug, name }) => ({ id, slug, name })),
          skipped,
          notMapped: target.classroom ? notMapped : [...notMapped, ...outsideClassroom(drafts)],
          targets: created.flatMap(({ draft, id, name }) =>
            draft.lab.target ? [{ labId: id, lab: name, target: draft.lab.target }] : [],
          ),
        };
      } catch (error) {
        if (error instanceof DryRunDone) {
          return {
            dryRun: true,
            created: error.created.map(({ name }) => ({ name })),
            skipped,
            notMapped: target.classroom ? notMapped : [...notMapped, ...outsideClassroom(drafts)],
            targets: error.created.flatMap(({ draft, name }) =>
              draft.lab.target ? [{ lab: name, target: draft.lab.target }] : [],
            ),
          };
        }
        if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error, 'labs_slug_key')) throw error;
      }
    }
  } catch (error) {
    await Promise.all(stored.map((file) => store.delete(file.storageKey)));
    throw error;
  }
}
