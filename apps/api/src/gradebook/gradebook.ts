import {
  type Gradebook,
  type GradebookCell,
  type GradebookLab,
  type GradebookQuery,
  pageOfItems,
  ROLE,
} from '@hackclass/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, hintUnlocks, labHints, labs, members, solves, users } from '../db/schema';
import { classroomLabValue, solvePoints } from '../leaderboard/solve-points';
import { containsPattern } from '../members/list-members';
import { memberName } from '../users/member-name';

export interface GradebookScope {
  /** One student's row alone, and the labs open to students: what a student sees. */
  userId?: string;
}

/** The classroom's solves that count, with what each earns (`solvePoints`), as `earned`. */
const earnedIn = (classroomId: string) =>
  sql`${solvePoints(sql`s.classroom_id = ${classroomId}`)} as earned`;

/**
 * The classroom's labs by name, each with what a solve of it is worth now; for a student only
 * those already open, as labs are hidden from students until they open.
 */
export async function gradebookLabs(
  db: ApiDatabase,
  classroomId: string,
  { userId }: GradebookScope,
): Promise<GradebookLab[]> {
  const rows = await db
    .select({
      id: labs.id,
      name: labs.name,
      points: classroomLabValue,
      dueAt: classroomLabs.dueAt,
      latePercent: classroomLabs.latePercent,
    })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(
      and(
        eq(classroomLabs.classroomId, classroomId),
        userId === undefined
          ? undefined
          : or(isNull(classroomLabs.opensAt), lte(classroomLabs.opensAt, sql`now()`)),
      ),
    )
    .orderBy(asc(labs.name), asc(labs.id));
  return rows.map(({ dueAt, ...lab }) => ({ ...lab, dueAt: dueAt?.toISOString() ?? null }));
}

/** Accepted members who compete (admins never do), searched by name, or the one asked for. */
const studentsWhere = (classroomId: string, search: string | undefined, userId?: string) =>
  and(
    eq(members.classroomId, classroomId),
    eq(members.status, 'Accepted'),
    ne(users.roleId, ROLE.admin),
    userId === undefined ? undefined : eq(members.userId, userId),
    search ? ilike(memberName, containsPattern(search)) : undefined,
  );

/** A page of students with their totals, as stored by the recount the leaderboard reads. */
export function gradebookStudents(
  db: ApiDatabase,
  classroomId: string,
  { sort, search, page, pageSize }: GradebookQuery,
  { userId }: GradebookScope,
) {
  const byName = [asc(sql`lower(${memberName})`), asc(users.id)];
  return db
    .select({
      userId: users.id,
      name: memberName,
      email: users.email,
      total: members.points,
      solved: members.solveCount,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(studentsWhere(classroomId, search?.trim(), userId))
    .orderBy(...(sort === 'points' ? [desc(members.points), ...byName] : byName))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** Every cell of the students' rows, in the order of `labs`. */
export async function gradebookCells(
  db: ApiDatabase,
  classroomId: string,
  labList: readonly GradebookLab[],
  userIds: readonly string[],
): Promise<Map<string, GradebookCell[]>> {
  if (userIds.length === 0) return new Map();
  const earnedUser = sql<string>`earned.user_id`;
  const [solved, hints] = await Promise.all([
    db
      .select({
        userId: earnedUser,
        labId: sql<string>`earned.lab_id`,
        points: sql<number>`earned.points`.mapWith(Number),
        solvedAt: sql<Date>`earned.solved_at`.mapWith(solves.solvedAt),
        late: sql<boolean>`earned.late`,
      })
      .from(earnedIn(classroomId))
      .where(inArray(earnedUser, [...userIds])),
    db
      .select({
        userId: hintUnlocks.userId,
        labId: labHints.labId,
        cost: sql<number>`sum(${labHints.cost})`.mapWith(Number),
      })
      .from(hintUnlocks)
      .innerJoin(labHints, eq(labHints.id, hintUnlocks.hintId))
      .where(
        and(eq(hintUnlocks.classroomId, classroomId), inArray(hintUnlocks.userId, [...userIds])),
      )
      .groupBy(hintUnlocks.userId, labHints.labId),
  ]);
  const key = (userId: string, labId: string) => `${userId}:${labId}`;
  const solveOf = new Map(solved.map((row) => [key(row.userId, row.labId), row]));
  const hintCostOf = new Map(hints.map((row) => [key(row.userId, row.labId), row.cost]));
  return new Map(
    userIds.map((userId) => [
      userId,
      labList.map((lab) => {
        const solve = solveOf.get(key(userId, lab.id));
        return {
          labId: lab.id,
          solved: solve !== undefined,
          points: solve?.points ?? 0,
          solvedAt: solve?.solvedAt.toISOString() ?? null,
          late: solve?.late ?? false,
          hintCost: hintCostOf.get(key(userId, lab.id)) ?? 0,
        };
      }),
    ]),
  );
}

/** The classroom's labs and a page of its students' results (or the one student's). */
export async function gradebookOf(
  db: ApiDatabase,
  classroomId: string,
  query: GradebookQuery,
  scope: GradebookScope,
): Promise<Gradebook> {
  const [labList, students, totals] = await Promise.all([
    gradebookLabs(db, classroomId, scope),
    gradebookStudents(db, classroomId, query, scope),
    db
      .select({ total: count() })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(studentsWhere(classroomId, query.search?.trim(), scope.userId)),
  ]);
  const cells = await gradebookCells(
    db,
    classroomId,
    labList,
    students.map((student) => student.userId),
  );
  const total = totals[0]?.total ?? 0;
  return {
    labs: labList,
    students: {
      ...pageOfItems(
        students.map(({ email: _email, ...student }) => ({
          ...student,
          cells: cells.get(student.userId) ?? [],
        })),
        total,
        query,
      ),
    },
  };
}
