import { and, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabRequirements, classroomLabs, labs, solves } from '../db/schema';
import { apiErrors } from '../errors';
import type { Actor } from '../policies/actors';
import { type ClassroomFacts, canManageClassroom } from '../policies/classrooms';
import { availabilityOf } from './availability';

/** Solved by `userId` in the classroom: the lab of the outer query named by `labColumn`. */
const solvedBy = (userId: string, classroomId: string, labColumn: typeof labs.id) =>
  sql<boolean>`exists (select 1 from ${solves} where ${solves.classroomId} = ${classroomId}
    and ${solves.userId} = ${userId} and ${solves.labId} = ${labColumn})`;

/** When the lab opens in the classroom, whether the user solved it, and what they must solve first. */
async function labStateFor(db: ApiDatabase, classroomId: string, labId: string, userId: string) {
  const [row] = await db
    .select({ opensAt: classroomLabs.opensAt, solved: solvedBy(userId, classroomId, labs.id) })
    .from(classroomLabs)
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId)));
  if (!row) return undefined;
  const unsolved = await db
    .select({ name: labs.name })
    .from(classroomLabRequirements)
    .innerJoin(labs, eq(labs.id, classroomLabRequirements.requiredLabId))
    .where(
      and(
        eq(classroomLabRequirements.classroomId, classroomId),
        eq(classroomLabRequirements.labId, labId),
        sql`not ${solvedBy(userId, classroomId, labs.id)}`,
      ),
    )
    .orderBy(labs.name);
  return { ...row, unsolved: unsolved.map((lab) => lab.name) };
}

/**
 * The guard of everything a student does with a lab in a classroom (flags, targets, hints):
 * 404 if the classroom does not have it or it has not opened yet (as if it did not exist),
 * 409 `lab_locked` naming the labs to solve first. Its managers pass.
 */
export async function assertLabOpenTo(
  db: ApiDatabase,
  actor: Actor,
  view: ClassroomFacts & { classroom: { id: string } },
  labId: string,
): Promise<void> {
  const state = await labStateFor(db, view.classroom.id, labId, actor.id);
  if (!state) throw apiErrors.notFound('Lab in this classroom not found');
  const availability = availabilityOf(
    {
      opensAt: state.opensAt,
      manages: canManageClassroom(actor, view),
      solved: state.solved,
      unsolvedRequirements: state.unsolved.length,
    },
    new Date(),
  );
  if (availability === 'upcoming') throw apiErrors.notFound('Lab in this classroom not found');
  if (availability === 'locked') throw apiErrors.labLocked(state.unsolved);
}
