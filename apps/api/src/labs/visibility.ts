import { and, eq, exists, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, classrooms, labs, members } from '../db/schema';
import { type Actor, isAdmin, isGuest, isTeacher } from '../policies/actors';
import { labListScope } from '../policies/labs';
import { taughtBy } from '../policies/taught-by';

/**
 * The lab of the outer query is in a classroom where the actor is an accepted member, and has
 * opened there: a scheduled lab stays hidden from students until then.
 */
function inAcceptedClassroom(db: ApiDatabase, actor: Actor): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(classroomLabs)
      .innerJoin(members, eq(members.classroomId, classroomLabs.classroomId))
      .where(
        and(
          eq(classroomLabs.labId, labs.id),
          eq(members.userId, actor.id),
          eq(members.status, 'Accepted'),
          or(isNull(classroomLabs.opensAt), lte(classroomLabs.opensAt, sql`now()`)),
        ),
      ),
  );
}

/**
 * The lab of the outer query is in a classroom the actor created or co-teaches (and so, as
 * teacher, runs).
 */
function inTaughtClassroom(db: ApiDatabase, actor: Actor): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(classroomLabs)
      .innerJoin(classrooms, eq(classrooms.id, classroomLabs.classroomId))
      .where(and(eq(classroomLabs.labId, labs.id), taughtBy(actor.id))),
  );
}

/**
 * A `where` condition on `labs` for the labs `actor` may open (details and files): their own,
 * those of the classrooms they were accepted into or, for teachers, run; admins see all
 * (`undefined`: no condition), guests none. Mirrors the classroom policies in SQL.
 */
export function visibleLabsCondition(db: ApiDatabase, actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (isGuest(actor)) return sql`false`;
  return or(
    eq(labs.creatorId, actor.id),
    inAcceptedClassroom(db, actor),
    ...(isTeacher(actor) ? [inTaughtClassroom(db, actor)] : []),
  );
}

/** A `where` condition on `labs` for the labs the actor's lab list shows (see `labListScope`). */
export function listedLabsCondition(db: ApiDatabase, actor: Actor): SQL | undefined {
  switch (labListScope(actor)) {
    case 'all':
      return undefined;
    case 'own':
      return eq(labs.creatorId, actor.id);
    case 'classrooms':
      return inAcceptedClassroom(db, actor);
  }
}
