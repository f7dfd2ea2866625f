import type { MemberStatus } from '@hackclass/contracts';
import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { preparedQuery } from '../db/prepared';
import { classroomLabs, classrooms, labs, labTargets, members, solves, users } from '../db/schema';
import { classroomLabValue } from '../leaderboard/solve-points';
import { type Actor, isAdmin, isGuest, isTeacher } from '../policies/actors';
import { type ClassroomFacts, canSeeClassroomSummary } from '../policies/classrooms';
import { coTeaches, taughtBy } from '../policies/taught-by';
import { requirementsOf } from '../schedules/present-schedule';
import { memberName } from '../users/member-name';

export type ClassroomRow = typeof classrooms.$inferSelect;

/** A classroom with the caller's membership and its counts, as lists and policies need it. */
export interface ClassroomView extends ClassroomFacts {
  classroom: ClassroomRow;
  memberCount: number;
  labCount: number;
  /** Labs open to students: the count they are shown. */
  openedLabCount: number;
}

const actorId = sql.placeholder('actorId');

function selectViews(db: ApiDatabase, where: SQL | undefined) {
  return db
    .select({
      classroom: classrooms,
      myStatus: members.status,
      coTeacher: coTeaches(actorId),
      memberCount: sql<number>`(select count(*) from ${members} as accepted
        where accepted.classroom_id = ${classrooms.id} and accepted.status = 'Accepted')`.mapWith(
        Number,
      ),
      labCount: sql<number>`(select count(*) from ${classroomLabs}
        where ${classroomLabs.classroomId} = ${classrooms.id})`.mapWith(Number),
      openedLabCount: sql<number>`(select count(*) from ${classroomLabs}
        where ${classroomLabs.classroomId} = ${classrooms.id}
          and (${classroomLabs.opensAt} is null or ${classroomLabs.opensAt} <= now()))`.mapWith(
        Number,
      ),
    })
    .from(classrooms)
    .leftJoin(members, and(eq(members.classroomId, classrooms.id), eq(members.userId, actorId)))
    .where(where)
    .orderBy(asc(classrooms.name), asc(classrooms.id));
}

const toView = (row: {
  classroom: ClassroomRow;
  myStatus: MemberStatus | null;
  coTeacher: boolean;
  memberCount: number;
  labCount: number;
  openedLabCount: number;
}): ClassroomView => ({
  ...row,
  creatorId: row.classroom.creatorId,
  myStatus: row.myStatus ?? undefined,
});

/**
 * Admins see all classrooms, teachers those they teach (created or co-teach), everyone their
 * memberships in any state.
 */
const viewsForAdmin = preparedQuery('classroom_views_admin', (db, name) =>
  selectViews(db, undefined).prepare(name),
);
const viewsForTeacher = preparedQuery('classroom_views_teacher', (db, name) =>
  selectViews(db, or(isNotNull(members.status), taughtBy(actorId))).prepare(name),
);
const viewsForMember = preparedQuery('classroom_views_member', (db, name) =>
  selectViews(db, isNotNull(members.status)).prepare(name),
);
const viewById = preparedQuery('classroom_view_by_id', (db, name) =>
  selectViews(db, eq(classrooms.id, sql.placeholder('id'))).prepare(name),
);

/** Every classroom the actor may see at least the summary of, in one query (the web app's tabs). */
export async function listClassroomViews(db: ApiDatabase, actor: Actor): Promise<ClassroomView[]> {
  if (isGuest(actor)) return [];
  const views = isAdmin(actor)
    ? viewsForAdmin
    : isTeacher(actor)
      ? viewsForTeacher
      : viewsForMember;
  const rows = await views(db).execute({ actorId: actor.id });
  return rows.map(toView).filter((view) => canSeeClassroomSummary(actor, view));
}

export async function findClassroomView(
  db: ApiDatabase,
  id: string,
  actorId: string,
): Promise<ClassroomView | undefined> {
  const [row] = await viewById(db).execute({ id, actorId });
  return row && toView(row);
}

/**
 * Who solved the lab of the outer query first in its classroom (ties: by name), or null: the
 * first entries of `solves_classroom_id_lab_id_solved_at_idx`, however many solved it.
 */
const firstSolver = sql<{ id: string; name: string } | null>`(
  select json_build_object('id', ${users.id}, 'name', ${memberName}) from ${solves}
  inner join ${users} on ${users.id} = ${solves.userId}
  where ${solves.classroomId} = ${classroomLabs.classroomId}
    and ${solves.labId} = ${classroomLabs.labId}
  order by ${solves.solvedAt}, lower(${memberName}), ${users.id} limit 1)`;

/**
 * The classroom's labs by name, with what each is worth now, their solve counts, first solvers,
 * whether `viewerId` solved each, and their schedules (see `presentSchedules`).
 */
export async function labsOf(db: ApiDatabase, classroomId: string, viewerId: string) {
  return db
    .select({
      id: labs.id,
      slug: labs.slug,
      name: labs.name,
      difficulty: labs.difficulty,
      category: labs.category,
      points: classroomLabValue,
      scoring: labs.scoring,
      solveCount: classroomLabs.memberSolveCount,
      firstSolver,
      solved: sql<boolean>`exists (select 1 from ${solves}
        where ${solves.classroomId} = ${classroomLabs.classroomId}
          and ${solves.userId} = ${viewerId} and ${solves.labId} = ${classroomLabs.labId})`,
      hasTarget: sql<boolean>`exists (select 1 from ${labTargets}
        where ${labTargets.labId} = ${classroomLabs.labId})`,
      opensAt: classroomLabs.opensAt,
      dueAt: classroomLabs.dueAt,
      latePercent: classroomLabs.latePercent,
      requires: requirementsOf(viewerId),
    })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(eq(classroomLabs.classroomId, classroomId))
    .orderBy(asc(labs.name));
}
