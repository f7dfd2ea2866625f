import type { LabFlag } from '@hackclass/contracts';
import { asc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labFlags } from '../db/schema';

export interface FlagValue {
  value: string;
  caseSensitive: boolean;
}

/** A lab's flags in their author's order: only for whom `canSeeLabFlags` allows. */
export async function flagsOf(db: ApiDatabase, labId: string): Promise<LabFlag[]> {
  return db
    .select({ id: labFlags.id, value: labFlags.value, caseSensitive: labFlags.caseSensitive })
    .from(labFlags)
    .where(eq(labFlags.labId, labId))
    .orderBy(asc(labFlags.position), asc(labFlags.id));
}

/** Replaces a lab's flags with `flags` (inside the caller's transaction). */
export async function replaceFlags(
  db: ApiDatabase,
  labId: string,
  flags: FlagValue[],
): Promise<void> {
  await db.delete(labFlags).where(eq(labFlags.labId, labId));
  // A lab whose target hands out per-student flags may have none of its own.
  if (flags.length === 0) return;
  await db.insert(labFlags).values(flags.map((flag, position) => ({ ...flag, labId, position })));
}

/** Whether `typed` is one of the flags: trimmed, and ignoring case where the flag says so. */
export function matchesFlag(flags: readonly FlagValue[], typed: string): boolean {
  const answer = typed.trim();
  return flags.some((flag) =>
    flag.caseSensitive ? flag.value === answer : flag.value.toLowerCase() === answer.toLowerCase(),
  );
}
