import type { Classroom, ClassroomSummary } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import type { Actor } from '../policies/actors';
import { canManageClassroom, canSeeClassroom, canSeeJoinCode } from '../policies/classrooms';
import { classroomPermissions } from '../policies/permissions';
import { nextOpening, presentSchedules } from '../schedules/present-schedule';
import { type ClassroomView, labsOf } from './find-classrooms';

/** The image's address, changing with the classroom so that browsers may cache it. */
const imageUrlOf = ({ classroom }: ClassroomView) =>
  classroom.imageKey
    ? `/api/classrooms/${classroom.id}/image?v=${classroom.updatedAt.getTime()}`
    : null;

export function presentSummary(actor: Actor, view: ClassroomView): ClassroomSummary {
  const { classroom } = view;
  return {
    id: classroom.id,
    name: classroom.name,
    description: classroom.description,
    teacherName: classroom.teacherName,
    imageUrl: imageUrlOf(view),
    creatorId: classroom.creatorId,
    myStatus: view.myStatus ?? null,
    isCreator: classroom.creatorId === actor.id,
    isCoTeacher: view.coTeacher,
    memberCount: view.memberCount,
    labCount: canManageClassroom(actor, view) ? view.labCount : view.openedLabCount,
    can: classroomPermissions(actor, view),
  };
}

/** The full classroom for those who may see it; the summary alone for invitees and requesters. */
export async function presentClassroom(
  db: ApiDatabase,
  actor: Actor,
  view: ClassroomView,
): Promise<Classroom> {
  const summary = presentSummary(actor, view);
  const now = new Date();
  if (!canSeeClassroom(actor, view)) {
    return { ...summary, hackingLabs: [], nextLabOpensAt: null };
  }
  const { classroom } = view;
  const manages = canManageClassroom(actor, view);
  const hackingLabs = await labsOf(db, classroom.id, actor.id);
  return {
    ...summary,
    ...(canSeeJoinCode(actor, view) ? { joinCode: classroom.joinCode } : {}),
    hackingLabs: presentSchedules(hackingLabs, manages, now),
    // Students are not told a lab is coming: the schedule clock's event refreshes their pages.
    nextLabOpensAt: manages ? nextOpening(hackingLabs, now) : null,
  };
}
