import { type Actor, isGuest } from './actors';
import { type ClassroomFacts, canManageClassroom } from './classrooms';

/** A classroom's accepted members start targets of their own; its teacher is no member. */
export const canRunTargets = (actor: Actor, classroom: ClassroomFacts) =>
  !isGuest(actor) && classroom.myStatus === 'Accepted';

export interface TargetAccessFacts {
  userId: string;
  classroomCreatorId: string | null;
  /** Whether the actor co-teaches the target's classroom. */
  coTeacher: boolean;
}

const isOwner = (actor: Actor, target: Pick<TargetAccessFacts, 'userId'>) =>
  target.userId === actor.id;

/**
 * Its student, the classroom's teachers and admins see, open (through the proxy) and stop a
 * target; nobody else, not even the classroom's other members, learns it exists.
 */
export const canSeeTarget = (actor: Actor, target: TargetAccessFacts) =>
  isOwner(actor, target) ||
  canManageClassroom(actor, {
    creatorId: target.classroomCreatorId,
    coTeacher: target.coTeacher,
    myStatus: undefined,
  });

export const canStopTarget = canSeeTarget;

/** Only its student extends or resets a target: it is their time and their flag. */
export const canDriveTarget = isOwner;
