import type { MemberStatus } from '@hackclass/contracts';
import { type Actor, isAdmin, isGuest, isTeacher } from './actors';

export interface ClassroomFacts {
  creatorId: string | null;
  /** Whether the actor co-teaches the classroom (the creator added them). */
  coTeacher: boolean;
  /** The actor's own membership status in the classroom, if any. */
  myStatus: MemberStatus | undefined;
}

const isCreator = (actor: Actor, classroom: Pick<ClassroomFacts, 'creatorId'>) =>
  classroom.creatorId !== null && classroom.creatorId === actor.id;

/** Its teachers (the creator and co-teachers, while teachers) and admins run a classroom. */
export const canManageClassroom = (actor: Actor, classroom: ClassroomFacts) =>
  isAdmin(actor) || (isTeacher(actor) && (isCreator(actor, classroom) || classroom.coTeacher));

/** Only its creator (still a teacher) and admins delete a classroom: co-teachers run it, no more. */
export const canDeleteClassroom = (actor: Actor, classroom: ClassroomFacts) =>
  isAdmin(actor) || (isTeacher(actor) && isCreator(actor, classroom));

/** Who teaches with whom is the creator's choice (and an admin's). */
export const canManageCoTeachers = canDeleteClassroom;

/** The co-teachers' list is for those who run the classroom. */
export const canSeeCoTeachers = canManageClassroom;

/** Removing a co-teacher: whoever manages co-teachers, and a co-teacher themself (stepping down). */
export const canRemoveCoTeacher = (actor: Actor, classroom: ClassroomFacts, userId: string) =>
  canManageCoTeachers(actor, classroom) || (classroom.coTeacher && userId === actor.id);

/** The whole classroom: members, labs, leaderboard. */
export const canSeeClassroom = (actor: Actor, classroom: ClassroomFacts) =>
  canManageClassroom(actor, classroom) || (!isGuest(actor) && classroom.myStatus === 'Accepted');

/** Its name and description only: an invitee deciding, or a pending requester waiting. */
export const canSeeClassroomSummary = (actor: Actor, classroom: ClassroomFacts) =>
  canSeeClassroom(actor, classroom) || (!isGuest(actor) && classroom.myStatus !== undefined);

/**
 * Flags are for the classroom's accepted members to solve (its teachers are no members); admins
 * hold every flag, so they never compete.
 */
export const canSubmitFlags = (actor: Actor, classroom: ClassroomFacts) =>
  !isAdmin(actor) && !isGuest(actor) && classroom.myStatus === 'Accepted';

/** The join code is for those who hand it out. */
export const canSeeJoinCode = canManageClassroom;

/** Guests see only public pages and their own profile. */
export const canJoinClassrooms = (actor: Actor) => !isGuest(actor);
