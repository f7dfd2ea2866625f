import { LATE_PERCENT, type LabImportReport } from '@hackclass/contracts';
import { type FileStore, newStorageKey } from '@hackclass/storage';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { isUniqueViolation } from '../db/database-errors';
import {
  classroomLabRequirements,
  classroomLabs,
  labFlags,
  labHints,
  labs,
  members,
} from '../db/schema';
import { apiErrors } from '../errors';
import { freeSlugFor, insertFiles } from '../labs/create-lab';
import { notify } from '../notifications/notify';
import { bytesOf, ensureRoom, type QuotaOwner } from '../quotas/room';
import { saveLabTarget } from '../targets/lab-target';
import type { UploadedFile } from '../uploads/multipart-form';
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

async function storeFiles(store: FileStore, draft: LabDraft, stored: UploadedFile[]) {
  const mine: UploadedFile[] = [];
  for (const file of draft.files) {
    const storageKey = newStorageKey('lab-files');
    const { size } = await store.put(storageKey, file.bytes);
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
  const { flags, hints, target, ...columns } = draft.lab;
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
  await saveLabTarget(tx, lab.id, target);
  await insertFiles(tx, lab.id, files);
  return lab;
}

/** Adds the new labs to the classroom with their schedules and paths, and tells its members. */
async function joinClassroom(
  tx: ApiDatabase,
  classroom: { id: string; name: string },
  created: { draft: LabDraft; id: string; slug: string; name: string }[],
) {
  await tx
    .insert(classroomLabs)
    .values(
      created.map(({ draft, id }) => ({ classroomId: classroom.id, labId: id, ...draft.schedule })),
    );
  const idOf = new Map(created.map(({ draft, id }) => [draft.ref, id]));
  const paths = created.flatMap(({ draft, id }) =>
    draft.requires.flatMap((ref) => {
      const requiredLabId = idOf.get(ref);
      return requiredLabId ? [{ classroomId: classroom.id, labId: id, requiredLabId }] : [];
    }),
  );
  if (paths.length > 0) await tx.insert(classroomLabRequirements).values(paths);
  // New labs have no solves, so no member's points move and nothing needs recounting.
  const accepted = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.classroomId, classroom.id), eq(members.status, 'Accepted')));
  for (const lab of created) {
    await notify(
      tx,
      accepted.map((member) => member.userId),
      'LabAdded',
      {
        classroomId: classroom.id,
        classroomName: classroom.name,
        labId: lab.id,
        labName: lab.name,
        labSlug: lab.slug,
      },
    );
  }
}

/** What only a classroom keeps — schedules and unlock paths — reported when there is none. */
function outsideClassroom(drafts: readonly LabDraft[]): LabImportReport['notMapped'] {
  return drafts.flatMap(({ lab, schedule, requires }) => [
    ...(schedule &&
    (schedule.opensAt || schedule.dueAt || schedule.latePercent !== LATE_PERCENT.default)
      ? [
          {
            lab: lab.name,
            field: 'schedule',
            reason: 'Schedules apply in a classroom: import into one to keep it',
          },
        ]
      : []),
    ...(requires.length > 0
      ? [
          {
            lab: lab.name,
            field: 'requirements',
            reason: 'Unlock paths apply in a classroom: import into one to keep them',
          },
        ]
      : []),
  ]);
}

/**
 * Creates every lab of the upload as `target.creatorId`'s own, all or none: the files are
 * stored first, then one transaction writes every row (within the owner's quotas); any failure
 * removes the stored files again.
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
    for (const draft of drafts) filesOf.push(await storeFiles(store, draft, stored));
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
          return rows;
        });
        return {
          created: created.map(({ id, slug, name }) => ({ id, slug, name })),
          skipped,
          notMapped: target.classroom ? notMapped : [...notMapped, ...outsideClassroom(drafts)],
        };
      } catch (error) {
        if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error, 'labs_slug_key')) throw error;
      }
    }
  } catch (error) {
    await Promise.all(stored.map((file) => store.delete(file.storageKey)));
    throw error;
  }
}
