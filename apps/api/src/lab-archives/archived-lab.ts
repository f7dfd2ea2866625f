import type { ArchivedLab } from '@hackclass/contracts';
import { asc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labFiles, labFlags, labHints, labs } from '../db/schema';
import { labTargetOf } from '../targets/lab-target';
import { safeFileName } from '../uploads/file-names';
import { archiveFileNames } from './file-names';

/** A lab's file as it goes into an archive: its name there and where its bytes are stored. */
export interface ArchivedFileSource {
  name: string;
  size: number;
  storageKey: string;
}

/** Everything an archive keeps of a lab, but its files' hashes (taken as they stream out). */
export interface LabForArchive {
  lab: Omit<ArchivedLab, 'files'>;
  files: ArchivedFileSource[];
}

/** The lab with `labId` as its editors define it, read from every table that holds a part. */
export async function labForArchive(db: ApiDatabase, labId: string): Promise<LabForArchive> {
  const [row] = await db.select().from(labs).where(eq(labs.id, labId));
  if (!row) throw new Error(`No lab ${labId}`);
  const flags = await db
    .select({ value: labFlags.value, kind: labFlags.kind, caseSensitive: labFlags.caseSensitive })
    .from(labFlags)
    .where(eq(labFlags.labId, labId))
    .orderBy(asc(labFlags.position), asc(labFlags.id));
  const hints = await db
    .select({ content: labHints.content, cost: labHints.cost, order: labHints.position })
    .from(labHints)
    .where(eq(labHints.labId, labId))
    .orderBy(asc(labHints.position), asc(labHints.id));
  const files = await db
    .select({ fileName: labFiles.fileName, size: labFiles.size, storageKey: labFiles.storageKey })
    .from(labFiles)
    .where(eq(labFiles.labId, labId))
    .orderBy(asc(labFiles.createdAt), asc(labFiles.fileName), asc(labFiles.id));
  const names = archiveFileNames(files.map((file) => safeFileName(file.fileName)));
  return {
    lab: {
      name: row.name,
      description: row.description,
      difficulty: row.difficulty,
      category: row.category,
      points: row.points,
      scoring: row.scoring,
      minimumPoints: row.minimumPoints,
      decay: row.decay,
      flags,
      hints,
      target: (await labTargetOf(db, labId)) ?? null,
    },
    files: files.map((file, index) => ({
      name: names[index] ?? file.fileName,
      size: file.size,
      storageKey: file.storageKey,
    })),
  };
}
