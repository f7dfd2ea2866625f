import { type Actor, isAdmin, isGuest, isTeacher } from './actors';
import type { ClassroomFacts } from './classrooms';

/** A classroom's accepted members start targets of their own; its teacher is no member. */
export const canRunTargets = (actor: Actor, classroom: ClassroomFacts) =>
  !isGuest(actor) && classroom.myStatus === 'Accepted';

export interface TargetAccessFacts {
  userId: string;
  classroomCreatorId: string | null;
}

const isOwner = (actor: Actor, target: Pick<TargetAccessFacts, 'userId'>) =>
  target.userId === actor.id;

/** Its student, the classroom's teacher and admins see and stop a target. */
export const canSeeTarget = (actor: Actor, target: TargetAccessFacts) =>
  isOwner(actor, target) ||
  isAdmin(actor) ||
  (isTeacher(actor) &&
    target.classroomCreatorId !== null &&
    target.classroomCreatorId === actor.id);

export const canStopTarget = canSeeTarget;

/** Only its student extends or resets a target: it is their time and their flag. */
export const canDriveTarget = isOwner;
