import { setImmediate } from 'node:timers/promises';
import { type FlagKind, type LabFlag, matchesWhole, normalizeFlag } from '@hackclass/contracts';
import { asc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labFlags } from '../db/schema';
import { compiledFlagPattern } from './flag-patterns';

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
    return matchesWhole(compiledFlagPattern(flag.value, flag.caseSensitive), answer);
  return flag.caseSensitive
    ? flag.value === answer
    : flag.value.toLowerCase() === answer.toLowerCase();
}

/**
 * Whether `typed`, trimmed, is one of the flags: equal to an exact one, or matched whole by a
 * pattern; ignoring case where the flag says so. Each pattern holds the event loop alone for a
 * moment (up to some tens of milliseconds at the limits), so the server answers other requests
 * between two of them rather than after all of a lab's.
 */
export async function matchesFlag(flags: readonly FlagValue[], typed: string): Promise<boolean> {
  const answer = normalizeFlag(typed);
  for (const flag of flags) {
    if (matchesOne(flag, answer)) return true;
    if (flag.kind === 'regex') await setImmediate();
  }
  return false;
}
