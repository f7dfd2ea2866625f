import type { UserActivity } from '@hackclass/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, labs, members, solves, submissions, users } from '../db/schema';
import { competes, memberRank } from '../leaderboard/leaderboard';
import { solveEarns } from '../leaderboard/solve-points';
import { type Actor, canCreateContent } from '../policies/actors';
import { taughtBy } from '../policies/taught-by';
import { classroomLabColumns } from '../schedules/classroom-lab-columns';
import { dueDatesOf } from '../schedules/due-dates';
import { sharedFlagOwnerName, sharedFlagOwnerOf } from '../submissions/shared-flag-owner';
import { memberName } from '../users/member-name';

const RECENT_SOLVES = 10;
const RECENT_SUBMISSIONS = 20;

function recentSolves(db: ApiDatabase, userId: string) {
  return db
    .select({
      ...classroomLabColumns,
      points: solveEarns,
      solvedAt: solves.solvedAt,
    })
    .from(solves)
    .innerJoin(classrooms, eq(classrooms.id, solves.classroomId))
    .innerJoin(labs, eq(labs.id, solves.labId))
    .where(eq(solves.userId, userId))
    .orderBy(desc(solves.solvedAt))
    .limit(RECENT_SOLVES);
}

/** The user's rank and points in each classroom they were accepted into: one ranked query. */
function standings(db: ApiDatabase, userId: string) {
  const mine = db
    .select({ classroomId: members.classroomId })
    .from(members)
    .where(and(eq(members.userId, userId), eq(members.status, 'Accepted')));
  const ranked = db
    .select({
      classroomId: members.classroomId,
      userId: members.userId,
      points: sql<number>`${members.points}`.mapWith(Number).as('ranked_points'),
      rank: memberRank.as('rank'),
      memberCount: sql<number>`count(*) over (partition by ${members.classroomId})`
        .mapWith(Number)
        .as('member_count'),
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(inArray(members.classroomId, mine), competes))
    .as('ranked');
  return db
    .select({
      classroomId: classrooms.id,
      classroomName: classrooms.name,
      rank: ranked.rank,
      points: ranked.points,
      memberCount: ranked.memberCount,
    })
    .from(ranked)
    .innerJoin(classrooms, eq(classrooms.id, ranked.classroomId))
    .where(eq(ranked.userId, userId))
    .orderBy(asc(classrooms.name), asc(classrooms.id));
}

/** Requests to join waiting in each classroom the user teaches (created or co-teaches). */
function pendingRequests(db: ApiDatabase, userId: string) {
  return db
    .select({
      classroomId: classrooms.id,
      classroomName: classrooms.name,
      count: count(members.userId),
    })
    .from(classrooms)
    .leftJoin(
      members,
      and(eq(members.classroomId, classrooms.id), eq(members.status, 'PendingApproval')),
    )
    .where(taughtBy(userId))
    .groupBy(classrooms.id)
    .orderBy(asc(classrooms.name), asc(classrooms.id));
}

/** The latest submissions in the classrooms the user teaches, without the flags typed. */
function recentSubmissions(db: ApiDatabase, userId: string) {
  return db
    .select({
      id: submissions.id,
      classroomId: classrooms.id,
      classroomName: classrooms.name,
      userId: submissions.userId,
      name: memberName,
      labId: labs.id,
      labName: labs.name,
      correct: submissions.correct,
      sharedFlagOwnerId: submissions.sharedFlagOwnerId,
      sharedFlagOwnerName,
      submittedAt: submissions.submittedAt,
    })
    .from(submissions)
    .innerJoin(classrooms, eq(classrooms.id, submissions.classroomId))
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(labs, eq(labs.id, submissions.labId))
    .where(taughtBy(userId))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(RECENT_SUBMISSIONS);
}

/**
 * The caller's dashboard: their recent solves, due dates and standings; for teachers and admins
 * also the requests waiting and the latest submissions in the classrooms they created. Five
 * queries.
 */
export async function userActivity(db: ApiDatabase, actor: Actor): Promise<UserActivity> {
  const teaches = canCreateContent(actor);
  const [solved, due, standing, pending, submitted] = await Promise.all([
    recentSolves(db, actor.id),
    dueDatesOf(db, actor.id),
    standings(db, actor.id),
    teaches ? pendingRequests(db, actor.id) : [],
    teaches ? recentSubmissions(db, actor.id) : [],
  ]);
  return {
    recentSolves: solved.map((row) => ({ ...row, solvedAt: row.solvedAt.toISOString() })),
    dueDates: due,
    standings: standing,
    ...(teaches
      ? {
          teaching: {
            pendingRequests: pending,
            recentSubmissions: submitted.map(
              ({ sharedFlagOwnerId, sharedFlagOwnerName: owner, submittedAt, ...row }) => ({
                ...row,
                sharedFlagOwner: sharedFlagOwnerOf(sharedFlagOwnerId, owner),
                submittedAt: submittedAt.toISOString(),
              }),
            ),
          },
        }
      : {}),
  };
}
