import type { Actor } from './actors';
import { type ClassroomFacts, canManageClassroom } from './classrooms';

export interface TargetFacts {
  /** The student who started it. */
  ownerId: string;
  /** The classroom it was started in. */
  classroom: ClassroomFacts;
}

/**
 * A running target is its owner's to open; the classroom's teacher and admins may look in to
 * help. Nobody else, not even the classroom's other members, may reach it.
 */
export const canOpenTarget = (actor: Actor, target: TargetFacts) =>
  actor.id === target.ownerId || canManageClassroom(actor, target.classroom);
