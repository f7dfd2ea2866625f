import { compileFlagPattern, type FlagKind, type LabFlag } from '@hackclass/contracts';
import { asc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labFlags } from '../db/schema';

export interface FlagValue {
  value: string;
  kind: FlagKind;
  caseSensitive: boolean;
}

/** A lab's flags in their author's order: only for whom `canSeeLabFlags` allows. */
export async function flagsOf(db: ApiDatabase, labId: string): Promise<LabFlag[]> {
  return db
    .select({
      id: labFlags.id,
      value: labFlags.value,
      kind: labFlags.kind,
      caseSensitive: labFlags.caseSensitive,
    })
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

function matchesOne(flag: FlagValue, answer: string): boolean {
  // RE2 matches in time linear in the answer, so a pattern such as (a+)+$ cannot hang the check.
  if (flag.kind === 'regex')
    return compileFlagPattern(flag.value, flag.caseSensitive).matches(answer);
  return flag.caseSensitive
    ? flag.value === answer
    : flag.value.toLowerCase() === answer.toLowerCase();
}

/**
 * Whether `typed`, trimmed, is one of the flags: equal to an exact one, or matched whole by a
 * pattern; ignoring case where the flag says so.
 */
export function matchesFlag(flags: readonly FlagValue[], typed: string): boolean {
  const answer = typed.trim();
  return flags.some((flag) => matchesOne(flag, answer));
}
