import type { ClassroomAnalytics } from '@hackclass/contracts';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, labs, members, solves, submissions, users } from '../db/schema';
import { classroomLabValue } from '../leaderboard/solve-points';
import { sharedFlagOwnerName, sharedFlagOwnerOf } from '../submissions/shared-flag-owner';
import { memberName } from '../users/member-name';

/** The UTC day of a solve. */
const solveDay = sql<string>`to_char(${solves.solvedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Counted solves (labs still in the classroom) of its accepted members, per UTC day. */
function solvesPerDay(db: ApiDatabase, classroomId: string) {
  return db
    .select({ date: solveDay, count: count() })
    .from(solves)
    .innerJoin(
      classroomLabs,
      and(eq(classroomLabs.classroomId, solves.classroomId), eq(classroomLabs.labId, solves.labId)),
    )
    .innerJoin(
      members,
      and(
        eq(members.classroomId, solves.classroomId),
        eq(members.userId, solves.userId),
        eq(members.status, 'Accepted'),
      ),
    )
    .where(eq(solves.classroomId, classroomId))
    .groupBy(solveDay)
    .orderBy(asc(solveDay));
}

/** Each lab of the classroom with its solvers (accepted members) and every attempt made here. */
function labStats(db: ApiDatabase, classroomId: string) {
  return db
    .select({
      labId: labs.id,
      name: labs.name,
      points: classroomLabValue,
      solveCount: classroomLabs.memberSolveCount,
      attemptCount: sql<number>`(select count(*)::int from ${submissions}
        where ${submissions.classroomId} = ${classroomLabs.classroomId}
          and ${submissions.labId} = ${classroomLabs.labId})`.mapWith(Number),
    })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(eq(classroomLabs.classroomId, classroomId))
    .orderBy(asc(labs.name), asc(labs.id));
}

/** Each accepted member's points, counted solves and submissions here, best first. */
function studentStats(db: ApiDatabase, classroomId: string) {
  const tries = db
    .select({ userId: submissions.userId, submissions: count().as('submission_count') })
    .from(submissions)
    .where(eq(submissions.classroomId, classroomId))
    .groupBy(submissions.userId)
    .as('tries');
  return db
    .select({
      userId: users.id,
      name: memberName,
      points: members.points,
      solved: members.solveCount,
      submissions: sql<number>`coalesce(${tries.submissions}, 0)`.mapWith(Number),
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .leftJoin(tries, eq(tries.userId, members.userId))
    .where(and(eq(members.classroomId, classroomId), eq(members.status, 'Accepted')))
    .orderBy(desc(members.points), asc(sql`lower(${memberName})`), asc(users.id));
}

/** Refused flags that were another student's target flag, newest first. */
function suspectedSharedFlags(db: ApiDatabase, classroomId: string) {
  return db
    .select({
      submissionId: submissions.id,
      labId: labs.id,
      labName: labs.name,
      submitter: { id: users.id, name: memberName },
      ownerId: submissions.sharedFlagOwnerId,
      ownerName: sharedFlagOwnerName,
      submittedAt: submissions.submittedAt,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(labs, eq(labs.id, submissions.labId))
    .where(and(eq(submissions.classroomId, classroomId), isNotNull(submissions.sharedFlagOwnerId)))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id));
}

/**
 * A classroom's numbers for its teacher, in four queries. `acceptedMembers` is the classroom's
 * accepted member count, the denominator of each lab's solve rate.
 */
export async function classroomAnalytics(
  db: ApiDatabase,
  classroomId: string,
  acceptedMembers: number,
): Promise<ClassroomAnalytics> {
  const [days, labRows, students, shared] = await Promise.all([
    solvesPerDay(db, classroomId),
    labStats(db, classroomId),
    studentStats(db, classroomId),
    suspectedSharedFlags(db, classroomId),
  ]);
  return {
    solvesPerDay: days,
    labs: labRows.map((lab) => ({
      ...lab,
      solveRate: acceptedMembers === 0 ? 0 : lab.solveCount / acceptedMembers,
    })),
    students,
    suspectedSharedFlags: shared.flatMap(({ ownerId, ownerName, submittedAt, ...row }) => {
      const owner = sharedFlagOwnerOf(ownerId, ownerName);
      return owner ? [{ ...row, owner, submittedAt: submittedAt.toISOString() }] : [];
    }),
  };
}
