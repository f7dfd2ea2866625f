import type { FlagSubmissionResult } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, labFlags, labs, solves, submissions } from '../db/schema';
import { apiErrors } from '../errors';
import type { ClassroomEvents } from '../events/classroom-events';
import { matchesFlag } from '../labs/flags';
import { memberPoints } from '../leaderboard/points';
import { recountPoints } from '../leaderboard/recount';

export interface FlagSubmission {
  classroomId: string;
  labId: string;
  userId: string;
  flag: string;
}

/** The lab's points and flags, if the classroom has the lab. */
async function labInClassroom(db: ApiDatabase, classroomId: string, labId: string) {
  const rows = await db
    .select({ points: labs.points, value: labFlags.value, caseSensitive: labFlags.caseSensitive })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .leftJoin(labFlags, eq(labFlags.labId, labs.id))
    .where(and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId)));
  const [first] = rows;
  if (!first) return undefined;
  const flags = rows.flatMap(({ value, caseSensitive }) =>
    value === null || caseSensitive === null ? [] : [{ value, caseSensitive }],
  );
  return { points: first.points, flags };
}

/**
 * Records a member's flag for a lab of the classroom (the caller checked they may submit). A
 * right one is a solve, once: the submission and the solve are written together, and a solve
 * already there (or one racing in) makes this `alreadySolved`. A new solve is published.
 */
export async function submitFlag(
  db: ApiDatabase,
  events: ClassroomEvents,
  { classroomId, labId, userId, flag }: FlagSubmission,
): Promise<FlagSubmissionResult> {
  const lab = await labInClassroom(db, classroomId, labId);
  if (!lab) throw apiErrors.notFound('Lab in this classroom');
  const correct = matchesFlag(lab.flags, flag);
  const { solvedAt, solvedNow } = await db.transaction(async (tx) => {
    await tx.insert(submissions).values({ classroomId, labId, userId, flag, correct });
    const [inserted] = correct
      ? await tx
          .insert(solves)
          .values({ classroomId, labId, userId })
          .onConflictDoNothing()
          .returning()
      : [];
    if (inserted) {
      await recountPoints(tx, [classroomId], userId);
      return { solvedAt: inserted.solvedAt, solvedNow: true };
    }
    const [earlier] = await tx
      .select({ solvedAt: solves.solvedAt })
      .from(solves)
      .where(
        and(
          eq(solves.classroomId, classroomId),
          eq(solves.userId, userId),
          eq(solves.labId, labId),
        ),
      );
    return { solvedAt: earlier?.solvedAt, solvedNow: false };
  });
  if (solvedNow) events.publish(classroomId, { type: 'solve', labId, userId });
  const alreadySolved = solvedAt !== undefined && !solvedNow;
  return {
    correct,
    alreadySolved,
    points: await memberPoints(db, classroomId, userId),
    ...(solvedAt ? { solvedAt: solvedAt.toISOString() } : {}),
    message: messageFor(correct, alreadySolved, lab.points),
  };
}

function messageFor(correct: boolean, alreadySolved: boolean, points: number): string {
  if (!correct) return 'That is not the flag. Try again.';
  if (alreadySolved) return 'Correct, but you had already solved this lab: no new points.';
  return `Correct! +${points} points.`;
}
