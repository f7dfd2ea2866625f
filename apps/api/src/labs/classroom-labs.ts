import type {
  AddClassroomLabRequest,
  ClassroomLabLink,
  UpdateClassroomLabRequest,
} from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { pgErrorOf } from '../db/database-errors';
import { classroomLabs, classrooms, labs, members } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { recountPoints, takeScoresTurn } from '../leaderboard/recount';
import { labNotice, notify } from '../notifications/notify';
import type { Actor } from '../policies/actors';
import { canManageClassroom, canSeeClassroom } from '../policies/classrooms';
import { canAddLabToClassrooms } from '../policies/labs';
import { coTeaches } from '../policies/taught-by';
import { saveSchedule } from '../schedules/save-schedule';
import { markStopping } from '../targets/stop-targets';

/**
 * The classroom the actor runs: 404 if they cannot see it (no existence leaks), 403 if they
 * see it but do not run it.
 */
export async function managedClassroom(db: ApiDatabase, actor: Actor, classroomId: string) {
  const [classroom] = await db
    .select({
      id: classrooms.id,
      name: classrooms.name,
      creatorId: classrooms.creatorId,
      coTeacher: coTeaches(actor.id),
      myStatus: members.status,
    })
    .from(classrooms)
    .leftJoin(members, and(eq(members.classroomId, classrooms.id), eq(members.userId, actor.id)))
    .where(eq(classrooms.id, classroomId));
  if (!classroom) throw apiErrors.notFound('Classroom not found');
  const facts = { ...classroom, myStatus: classroom.myStatus ?? undefined };
  if (!canSeeClassroom(actor, facts)) throw apiErrors.notFound('Classroom not found');
  if (!canManageClassroom(actor, facts)) {
    throw apiErrors.forbidden('Only the classroom’s teachers or an admin manage its labs');
  }
  return classroom;
}

/**
 * Adds one of the actor's labs (any lab, for admins) to a classroom they run with its schedule
 * and unlock path, and tells its accepted members unless it opens later, in one transaction.
 */
export async function addLabToClassroom(
  db: ApiDatabase,
  actor: Actor,
  classroomId: string,
  { hackingLabId: labId, ...schedule }: AddClassroomLabRequest,
): Promise<ClassroomLabLink> {
  const classroom = await managedClassroom(db, actor, classroomId);
  const [lab] = await db.select().from(labs).where(eq(labs.id, labId));
  if (!lab || !canAddLabToClassrooms(actor, lab)) throw apiErrors.notFound('Lab not found');
  // Students do not see a lab before it opens: not even that it is coming. The schedule clock
  // tells them when it opens.
  const opensLater = schedule.opensAt ? Date.parse(schedule.opensAt) > Date.now() : false;
  return db.transaction(async (tx) => {
    await takeScoresTurn(tx, classroomId);
    const added = await tx
      .insert(classroomLabs)
      .values({ classroomId, labId, announcedAt: opensLater ? null : new Date() })
      .onConflictDoNothing()
      .returning()
      .catch((error: unknown) => {
        // The lab or the classroom was deleted since it was read.
        if (pgErrorOf(error).code === '23503') throw apiErrors.notFound('Lab not found');
        throw error;
      });
    if (added.length === 0) throw apiErrors.labAlreadyInClassroom();
    await saveSchedule(tx, classroomId, labId, schedule);
    await recountPoints(tx, [classroomId]);
    recordEvent(tx, { type: 'labs.changed', classroomId });
    if (opensLater) {
      return { classroomId, hackingLabId: labId };
    }
    const accepted = await tx
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.classroomId, classroomId), eq(members.status, 'Accepted')));
    await notify(
      tx,
      accepted.map((member) => member.userId),
      'LabAdded',
      labNotice(classroom, lab),
    );
    return { classroomId, hackingLabId: labId };
  });
}

/**
 * Changes the schedule and unlock path of a lab in a classroom the actor runs; scores move with
 * a due date or late credit, so they are recounted.
 */
export async function updateClassroomLab(
  db: ApiDatabase,
  actor: Actor,
  classroomId: string,
  labId: string,
  change: UpdateClassroomLabRequest,
): Promise<void> {
  await managedClassroom(db, actor, classroomId);
  await db.transaction(async (tx) => {
    await takeScoresTurn(tx, classroomId);
    await saveSchedule(tx, classroomId, labId, change);
    await recountPoints(tx, [classroomId]);
    recordEvent(tx, { type: 'labs.changed', classroomId });
  });
}

/**
 * Takes a lab out of a classroom the actor runs; 404 if the classroom does not have it. Its
 * students' targets for the lab there stop.
 */
export async function removeLabFromClassroom(
  db: ApiDatabase,
  actor: Actor,
  classroomId: string,
  labId: string,
): Promise<void> {
  await managedClassroom(db, actor, classroomId);
  await db.transaction(async (tx) => {
    await takeScoresTurn(tx, classroomId);
    const removed = await tx
      .delete(classroomLabs)
      .where(and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId)))
      .returning();
    if (removed.length === 0) throw apiErrors.notFound('Lab in this classroom not found');
    await recountPoints(tx, [classroomId]);
    await markStopping(tx, { classroomId, labId });
    recordEvent(tx, { type: 'labs.changed', classroomId });
  });
}
