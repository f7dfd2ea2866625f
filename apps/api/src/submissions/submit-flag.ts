import { type FlagSubmissionResult, normalizeFlag } from '@hackclass/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import {
  classroomLabs,
  labFlags,
  labs,
  labTargets,
  solves,
  submissions,
  targets,
} from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { type FlagValue, matchesFlag } from '../labs/flags';
import { type Earned, earnedFor } from '../leaderboard/earned';
import { memberPoints } from '../leaderboard/points';
import { recountPoints, takeScoresTurn } from '../leaderboard/recount';
import { findSolve } from './find-solve';

export interface FlagSubmission {
  classroomId: string;
  labId: string;
  userId: string;
  flag: string;
}

/** The lab's scoring, flags, flag mode and due date here, if the classroom has the lab. */
async function labInClassroom(db: ApiDatabase, classroomId: string, labId: string) {
  const rows = await db
    .select({
      scoring: labs.scoring,
      dueAt: classroomLabs.dueAt,
      flagMode: labTargets.flagMode,
      value: labFlags.value,
      kind: labFlags.kind,
      caseSensitive: labFlags.caseSensitive,
    })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .leftJoin(labFlags, eq(labFlags.labId, labs.id))
    .leftJoin(labTargets, eq(labTargets.labId, labs.id))
    .where(and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId)));
  const [first] = rows;
  if (!first) return undefined;
  const flags = rows.flatMap(({ value, kind, caseSensitive }) =>
    value === null || kind === null || caseSensitive === null
      ? []
      : [{ value, kind, caseSensitive }],
  );
  return {
    scoring: first.scoring,
    dueAt: first.dueAt,
    perStudent: first.flagMode === 'per-student',
    flags,
  };
}

/**
 * Checks a flag against the lab's own flags and, in per-student mode, against every flag the
 * caller's targets for the lab in this classroom were given (one found before the target
 * expired still counts). A flag of another student's target is refused, naming its owner for
 * the record only.
 */
async function checkFlag(
  db: ApiDatabase,
  lab: { perStudent: boolean; flags: FlagValue[] },
  { classroomId, labId, userId, flag }: FlagSubmission,
): Promise<{ correct: boolean; sharedFlagOwnerId: string | null }> {
  if (await matchesFlag(lab.flags, flag)) return { correct: true, sharedFlagOwnerId: null };
  if (!lab.perStudent) return { correct: false, sharedFlagOwnerId: null };
  const [holder] = await db
    .select({ userId: targets.userId, classroomId: targets.classroomId })
    .from(targets)
    .where(and(eq(targets.labId, labId), eq(targets.flag, normalizeFlag(flag))))
    .orderBy(desc(eq(targets.userId, userId)))
    .limit(1);
  if (!holder) return { correct: false, sharedFlagOwnerId: null };
  if (holder.userId !== userId) return { correct: false, sharedFlagOwnerId: holder.userId };
  return { correct: holder.classroomId === classroomId, sharedFlagOwnerId: null };
}

/**
 * Records a member's flag for a lab of the classroom (the caller checked they may submit). A
 * right one is a solve, once: the submission and the solve are written together, and a solve
 * already there (or one racing in) makes this `alreadySolved`.
 */
export async function submitFlag(
  db: ApiDatabase,
  submission: FlagSubmission,
): Promise<FlagSubmissionResult> {
  const { classroomId, labId, userId, flag } = submission;
  const lab = await labInClassroom(db, classroomId, labId);
  if (!lab) throw apiErrors.notFound('Lab in this classroom not found');
  const { correct, sharedFlagOwnerId } = await checkFlag(db, lab, submission);
  const dynamic = lab.scoring === 'dynamic';
  const { solvedAt, solvedNow } = await db.transaction(async (tx) => {
    recordEvent(tx, { type: 'flag.submitted', classroomId, labId, correct });
    // Every recount of the classroom takes its turn, so none stores points another one missed;
    // a wrong flag recounts nothing and waits for no one.
    if (correct) await takeScoresTurn(tx, classroomId);
    await tx
      .insert(submissions)
      .values({ classroomId, labId, userId, flag, correct, sharedFlagOwnerId });
    const [inserted] = correct
      ? await tx
          .insert(solves)
          .values({ classroomId, labId, userId })
          .onConflictDoNothing()
          .returning()
      : [];
    if (inserted) {
      // A dynamic lab's new solve lowers what it earns everyone who solved it here.
      await recountPoints(tx, [classroomId], dynamic ? undefined : userId);
      recordEvent(tx, { type: 'lab.solved', classroomId, labId, userId });
      return { solvedAt: inserted.solvedAt, solvedNow: true };
    }
    const earlier = await findSolve(tx, { classroomId, userId, labId });
    return { solvedAt: earlier?.solvedAt, solvedNow: false };
  });
  const alreadySolved = solvedAt !== undefined && !solvedNow;
  const [points, earned] = await Promise.all([
    memberPoints(db, classroomId, userId),
    solvedNow ? earnedFor(db, classroomId, labId, userId) : undefined,
  ]);
  return {
    correct,
    alreadySolved,
    points,
    ...(solvedAt ? { solvedAt: solvedAt.toISOString() } : {}),
    late: solvedAt !== undefined && lab.dueAt !== null && solvedAt > lab.dueAt,
    message: messageFor(correct, alreadySolved, earned, sharedFlagOwnerId !== null),
  };
}

/** What the solve earned and why it is less than the lab's value, if it is. */
function earnedText({ points, late, latePercent, hintCost }: Earned): string {
  const reasons = [
    ...(late ? [`late: ${latePercent}%`] : []),
    ...(hintCost > 0 ? [`hints: −${hintCost}`] : []),
  ];
  const why = reasons.length > 0 ? ` (${reasons.join(', ')})` : '';
  return `+${points} ${points === 1 ? 'point' : 'points'}${why}`;
}

function messageFor(
  correct: boolean,
  alreadySolved: boolean,
  earned: Earned | undefined,
  someoneElses: boolean,
): string {
  // Whose it is stays with the teacher: the submitter learns only that it is not theirs.
  if (someoneElses) return 'That flag belongs to another student’s target. Find the one in yours.';
  if (!correct) return 'That is not the flag. Try again.';
  if (alreadySolved) return 'Correct, but you had already solved this lab: no new points.';
  return earned ? `Correct! ${earnedText(earned)}.` : 'Correct!';
}
