import type { ArchivedLab, LabImportReport } from '@hackclass/contracts';
import type { z } from 'zod';
import { apiErrors } from '../errors';

/** A lab to create from an upload, with its files' bytes. */
export interface LabDraft {
  /** How the upload's other labs name it in their unlock paths. */
  ref: string;
  /** The file of the upload it comes from, where that tells labs apart (a CTFd challenge's). */
  source?: string;
  lab: Omit<ArchivedLab, 'files'>;
  files: { name: string; bytes: Buffer }[];
  /** Its schedule in the classroom it is imported into, if the upload gives one. */
  schedule?: { opensAt: Date | null; dueAt: Date | null; latePercent: number };
  /** The refs of the upload's labs it requires, in a classroom it is imported into. */
  requires: string[];
}

/** What an upload holds: the labs to create, and the report of what could not come along. */
export interface DraftSet extends Omit<LabImportReport, 'created' | 'targets' | 'dryRun'> {
  drafts: LabDraft[];
}

/** `value` as `schema` takes it, or a lab_archive_invalid naming `where` and the first bad field. */
export function parseOrRefuse<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  where: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue?.path.join('.') ?? '';
  throw apiErrors.labArchiveInvalid(
    field ? `${where}: ${field}` : where,
    issue?.message ?? 'Invalid',
  );
}

/**
 * The labs whose unlock paths go round in a circle, or lead into one: each lab must be reachable
 * from labs that require nothing, as a classroom's students could otherwise never open it.
 */
export function stuckInCycles<Draft extends Pick<LabDraft, 'ref' | 'requires'>>(
  drafts: readonly Draft[],
): Draft[] {
  const opened = new Set<string>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const draft of drafts) {
      if (opened.has(draft.ref)) continue;
      if (draft.requires.every((ref) => opened.has(ref))) {
        opened.add(draft.ref);
        progress = true;
      }
    }
  }
  return drafts.filter((draft) => !opened.has(draft.ref));
}

/** Refuses unlock paths that go round in a circle (see `stuckInCycles`). */
export function ensureNoCycle(drafts: readonly LabDraft[], where: string): void {
  const stuck = stuckInCycles(drafts).map((draft) => draft.lab.name);
  if (stuck.length > 0) {
    throw apiErrors.labArchiveInvalid(
      where,
      `The unlock paths of ${stuck.join(', ')} go round in a circle, so none of them could ever open`,
    );
  }
}
