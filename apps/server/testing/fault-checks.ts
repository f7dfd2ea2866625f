import { schema } from '@hackclass/api';
import { drizzleOver, openConnection } from '@hackclass/db';
import { inArray, sql } from 'drizzle-orm';
import type { AcknowledgedFlag, Roster, StudentOutcome } from './lesson';

/** A flag the server answered for, and whose it was. */
export interface AcknowledgedSubmission extends AcknowledgedFlag {
  userId: string;
}

/** Every flag the lesson's students saw answered. */
export const acknowledgedOf = (outcomes: StudentOutcome[]): AcknowledgedSubmission[] =>
  outcomes.flatMap((outcome) =>
    outcome.acknowledged.map((flag) => ({ ...flag, userId: outcome.studentId })),
  );

/** What the database holds of the submissions and solves of some classrooms, against what was answered. */
export interface Ledger {
  acknowledged: number;
  /** Acknowledged submissions found once, with the answer the student was given. */
  keptOnce: number;
  /** Acknowledged submissions not found, found twice or more, or found with another answer. */
  missing: AcknowledgedSubmission[];
  doubled: AcknowledgedSubmission[];
  answeredOtherwise: AcknowledgedSubmission[];
  /** Rows of submissions no student saw answered (the answer was lost on its way back). */
  unacknowledgedRows: number;
  /** Rows of the same member, lab and flag typed more than once: none, since nobody retries. */
  repeatedRows: number;
  solves: number;
  /** Solves counted more than once for a member and lab, or without a right flag behind them. */
  doubledSolves: number;
  solvesWithoutRightFlag: number;
  /** Right flags acknowledged with no solve. */
  unsolvedRightFlags: number;
  /** Members whose stored points or solve count differ from their solves'. */
  miscounted: { userId: string; points: number; expected: number }[];
}

const keyOf = (row: { userId: string; labId: string; flag: string }) =>
  `${row.userId} ${row.labId} ${row.flag}`;

/**
 * Reads the submissions, solves and members of `classroomIds` and sets them against what the
 * students were answered (`acknowledged`). Expected points are the sum of the solved labs'
 * points, as the lesson's course has fixed scoring, no hints and no due date.
 */
export async function ledgerOf(
  database: { databaseUrl: string | undefined; dataDir: string },
  classroomIds: string[],
  acknowledged: AcknowledgedSubmission[],
): Promise<Ledger> {
  const connection = await openConnection(database);
  try {
    const db = drizzleOver(connection, schema);
    const { submissions, solves, members } = schema;
    const rows = await db
      .select({
        userId: submissions.userId,
        labId: submissions.labId,
        flag: submissions.flag,
        correct: submissions.correct,
      })
      .from(submissions)
      .where(inArray(submissions.classroomId, classroomIds));
    const byKey = new Map<string, boolean[]>();
    for (const row of rows) byKey.set(keyOf(row), [...(byKey.get(keyOf(row)) ?? []), row.correct]);
    const acknowledgedKeys = new Set(acknowledged.map(keyOf));
    const ledger: Ledger = {
      acknowledged: acknowledged.length,
      keptOnce: 0,
      missing: [],
      doubled: [],
      answeredOtherwise: [],
      unacknowledgedRows: rows.filter((row) => !acknowledgedKeys.has(keyOf(row))).length,
      repeatedRows: [...byKey.values()].filter((found) => found.length > 1).length,
      solves: 0,
      doubledSolves: 0,
      solvesWithoutRightFlag: 0,
      unsolvedRightFlags: 0,
      miscounted: [],
    };
    for (const submission of acknowledged) {
      const found = byKey.get(keyOf(submission)) ?? [];
      if (found.length === 0) ledger.missing.push(submission);
      else if (found.length > 1) ledger.doubled.push(submission);
      else if (found[0] !== submission.correct) ledger.answeredOtherwise.push(submission);
      else ledger.keptOnce += 1;
    }

    const solved = await db
      .select({ userId: solves.userId, labId: solves.labId, count: sql<number>`count(*)::int` })
      .from(solves)
      .where(inArray(solves.classroomId, classroomIds))
      .groupBy(solves.classroomId, solves.userId, solves.labId);
    const rightFlags = new Set(
      rows.filter((row) => row.correct).map((row) => `${row.userId} ${row.labId}`),
    );
    const solvedKeys = new Set(solved.map((row) => `${row.userId} ${row.labId}`));
    ledger.solves = solved.reduce((sum, row) => sum + row.count, 0);
    ledger.doubledSolves = solved.filter((row) => row.count > 1).length;
    ledger.solvesWithoutRightFlag = solved.filter(
      (row) => !rightFlags.has(`${row.userId} ${row.labId}`),
    ).length;
    ledger.unsolvedRightFlags = acknowledged.filter(
      (flag) => flag.correct && !solvedKeys.has(`${flag.userId} ${flag.labId}`),
    ).length;

    const counted = await db
      .select({
        userId: members.userId,
        points: members.points,
        solveCount: members.solveCount,
        // Written out: the outer query's columns, named in a subquery, must name their table.
        expected: sql<number>`coalesce((select sum(l.points) from solves s
          join labs l on l.id = s.lab_id
          where s.classroom_id = members.classroom_id and s.user_id = members.user_id), 0)::int`,
        solved: sql<number>`(select count(*) from solves s
          where s.classroom_id = members.classroom_id and s.user_id = members.user_id)::int`,
      })
      .from(members)
      .where(inArray(members.classroomId, classroomIds));
    ledger.miscounted = counted
      .filter((row) => row.points !== row.expected || row.solveCount !== row.solved)
      .map(({ userId, points, expected }) => ({ userId, points, expected }));
    return ledger;
  } finally {
    await connection.close();
  }
}

/**
 * `count` students of the roster from `from` on, as a roster of their own for `runLesson`:
 * `from` is a multiple of `classSize`, so each keeps their classroom.
 */
export function cohortOf(roster: Roster, from: number, count: number, classSize: number): Roster {
  if (from % classSize !== 0) throw new Error(`${from} students are not whole classes`);
  return {
    ...roster,
    students: roster.students.slice(from, from + count),
    classroomIds: roster.classroomIds.slice(from / classSize),
  };
}
