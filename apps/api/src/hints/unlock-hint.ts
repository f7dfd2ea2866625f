import type { ClassroomHint } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { hintUnlocks, labHints } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { recountPoints, takeScoresTurn } from '../leaderboard/recount';
import { findSolve } from '../submissions/find-solve';
import { classroomHints } from './classroom-hints';

export interface HintUnlockRequest {
  classroomId: string;
  labId: string;
  userId: string;
  hintId: string;
}

/**
 * Unlocks a hint of a lab of the classroom for the member (the caller checked they may), once:
 * a second unlock changes nothing. Its cost comes off what the lab earns them there, so their
 * points are recounted; when that moves their score (they had solved the lab, and this unlock
 * is new), the leaderboard changed.
 */
export async function unlockHint(
  db: ApiDatabase,
  { classroomId, labId, userId, hintId }: HintUnlockRequest,
): Promise<ClassroomHint> {
  await db.transaction(async (tx) => {
    await takeScoresTurn(tx, classroomId);
    const [hint] = await tx
      .select({ id: labHints.id })
      .from(labHints)
      .where(and(eq(labHints.id, hintId), eq(labHints.labId, labId)));
    if (!hint) throw apiErrors.notFound('Hint not found');
    const [unlocked] = await tx
      .insert(hintUnlocks)
      .values({ classroomId, userId, hintId })
      .onConflictDoNothing()
      .returning();
    if (!unlocked) return;
    await recountPoints(tx, [classroomId], userId);
    if (await findSolve(tx, { classroomId, userId, labId })) {
      recordEvent(tx, { type: 'members.changed', classroomId });
    }
  });
  const hints = await classroomHints(db, { classroomId, labId, userId }, false);
  const hint = hints.find((item) => item.id === hintId);
  if (!hint) throw apiErrors.notFound('Hint not found');
  return hint;
}
