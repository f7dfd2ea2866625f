import type { MemberStatus } from '@hackclass/contracts';
import { type Actor, isAdmin, isGuest, isTeacher } from './actors';

export interface ClassroomFacts {
  creatorId: string | null;
  /** The actor's own membership status in the classroom, if any. */
  myStatus: MemberStatus | undefined;
}

const isCreator = (actor: Actor, classroom: ClassroomFacts) =>
  classroom.creatorId !== null && classroom.creatorId === actor.id;

/** Its teacher (the creator, still a teacher) and admins run a classroom. */
export const canManageClassroom = (actor: Actor, classroom: ClassroomFacts) =>
  isAdmin(actor) || (isTeacher(actor) && isCreator(actor, classroom));

/** The whole classroom: members, labs, leaderboard. */
export const canSeeClassroom = (actor: Actor, classroom: ClassroomFacts) =>
  canManageClassroom(actor, classroom) || (!isGuest(actor) && classroom.myStatus === 'Accepted');

/** Its name and description only: an invitee deciding, or a pending requester waiting. */
export const canSeeClassroomSummary = (actor: Actor, classroom: ClassroomFacts) =>
  canSeeClassroom(actor, classroom) || (!isGuest(actor) && classroom.myStatus !== undefined);

/**
 * Flags are for the classroom's accepted members to solve (its teacher is no member); admins
 * hold every flag, so they never compete.
 */
export const canSubmitFlags = (actor: Actor, classroom: ClassroomFacts) =>
  !isAdmin(actor) && !isGuest(actor) && classroom.myStatus === 'Accepted';

/** The join code is for those who hand it out. */
export const canSeeJoinCode = canManageClassroom;

/** Guests see only public pages and their own profile. */
export const canJoinClassrooms = (actor: Actor) => !isGuest(actor);
