import type { MemberStatus } from '@hackclass/contracts';
import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, classrooms, labs, members, users } from '../db/schema';
import { type Actor, isAdmin, isGuest, isTeacher } from '../policies/actors';
import { type ClassroomFacts, canSeeClassroomSummary } from '../policies/classrooms';

export type ClassroomRow = typeof classrooms.$inferSelect;

/** A classroom with the caller's membership and its counts, as lists and policies need it. */
export interface ClassroomView extends ClassroomFacts {
  classroom: ClassroomRow;
  memberCount: number;
  labCount: number;
}

/** A user's name for others: their display name, else their email's local part. */
export const memberName = sql<string>`coalesce(nullif(${users.displayName}, ''), split_part(${users.email}, '@', 1))`;

function selectViews(db: ApiDatabase, actorId: string, where: SQL | undefined) {
  return db
    .select({
      classroom: classrooms,
      myStatus: members.status,
      memberCount: sql<number>`(select count(*) from ${members} as accepted
        where accepted.classroom_id = ${classrooms.id} and accepted.status = 'Accepted')`.mapWith(
        Number,
      ),
      labCount: sql<number>`(select count(*) from ${classroomLabs}
        where ${classroomLabs.classroomId} = ${classrooms.id})`.mapWith(Number),
    })
    .from(classrooms)
    .leftJoin(members, and(eq(members.classroomId, classrooms.id), eq(members.userId, actorId)))
    .where(where)
    .orderBy(asc(classrooms.name), asc(classrooms.id));
}

const toView = (row: {
  classroom: ClassroomRow;
  myStatus: MemberStatus | null;
  memberCount: number;
  labCount: number;
}): ClassroomView => ({
  ...row,
  creatorId: row.classroom.creatorId,
  myStatus: row.myStatus ?? undefined,
});

/**
 * Every classroom the actor may see at least the summary of, in one query: admins all,
 * teachers their own, everyone their memberships in any state (the web app's tabs).
 */
export async function listClassroomViews(db: ApiDatabase, actor: Actor): Promise<ClassroomView[]> {
  if (isGuest(actor)) return [];
  const where = isAdmin(actor)
    ? undefined
    : or(
        isNotNull(members.status),
        isTeacher(actor) ? eq(classrooms.creatorId, actor.id) : undefined,
      );
  const rows = await selectViews(db, actor.id, where);
  return rows.map(toView).filter((view) => canSeeClassroomSummary(actor, view));
}

export async function findClassroomView(
  db: ApiDatabase,
  id: string,
  actorId: string,
): Promise<ClassroomView | undefined> {
  const [row] = await selectViews(db, actorId, eq(classrooms.id, id));
  return row && toView(row);
}

/** The accepted members, by name. Points come with flags (a later issue): 0 for now. */
export async function acceptedMembersOf(db: ApiDatabase, classroomId: string) {
  return db
    .select({ userId: users.id, name: memberName })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.classroomId, classroomId), eq(members.status, 'Accepted')))
    .orderBy(asc(memberName), asc(users.id));
}

export async function labsOf(db: ApiDatabase, classroomId: string) {
  return db
    .select({
      id: labs.id,
      slug: labs.slug,
      name: labs.name,
      difficulty: labs.difficulty,
      category: labs.category,
      points: labs.points,
    })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(eq(classroomLabs.classroomId, classroomId))
    .orderBy(asc(labs.name));
}

export async function userName(db: ApiDatabase, userId: string) {
  const [row] = await db.select({ name: memberName }).from(users).where(eq(users.id, userId));
  return row?.name;
}
