import type { LabHint } from '@hackclass/contracts';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labHints } from '../db/schema';

export interface HintValue {
  /** One of the lab's hints to keep and rewrite; a new hint has none. */
  id?: string | undefined;
  content: string;
  cost: number;
}

/** A lab's hints in their author's order: only for whom `canSeeLabFlags` allows. */
export async function hintsOf(db: ApiDatabase, labId: string): Promise<LabHint[]> {
  return db
    .select({ id: labHints.id, content: labHints.content, cost: labHints.cost })
    .from(labHints)
    .where(eq(labHints.labId, labId))
    .orderBy(asc(labHints.position), asc(labHints.id));
}

/**
 * Makes `hints` the lab's hints, in their order (inside the caller's transaction). Those sent
 * with the id of one of the lab's hints are rewritten in place, so their unlocks stay; the rest
 * are new, and hints no longer sent go with their unlocks. An id of another lab's hint makes a
 * new hint.
 */
export async function replaceHints(
  db: ApiDatabase,
  labId: string,
  hints: HintValue[],
): Promise<void> {
  const existing = await db
    .select({ id: labHints.id })
    .from(labHints)
    .where(eq(labHints.labId, labId));
  const owned = new Set(existing.map((hint) => hint.id));
  const kept = hints.flatMap((hint) => (hint.id && owned.has(hint.id) ? [hint.id] : []));
  await db
    .delete(labHints)
    .where(
      and(eq(labHints.labId, labId), kept.length > 0 ? notInArray(labHints.id, kept) : undefined),
    );
  const fresh: (typeof labHints.$inferInsert)[] = [];
  for (const [position, { id, content, cost }] of hints.entries()) {
    if (id && owned.has(id)) {
      await db.update(labHints).set({ content, cost, position }).where(eq(labHints.id, id));
    } else {
      fresh.push({ labId, content, cost, position });
    }
  }
  if (fresh.length > 0) await db.insert(labHints).values(fresh);
}
