import { type Actor, isAdmin, isGuest, isTeacher } from './actors';

export interface LabFacts {
  creatorId: string | null;
}

const isCreator = (actor: Actor, lab: LabFacts) =>
  lab.creatorId !== null && lab.creatorId === actor.id;

/** Its creator, while still a teacher, and admins delete a lab. */
export const canDeleteLab = (actor: Actor, lab: LabFacts) =>
  isAdmin(actor) || (isTeacher(actor) && isCreator(actor, lab));

/** Who deletes a lab edits it and sees its flags; nobody else ever does. */
export const canEditLab = canDeleteLab;
export const canSeeLabFlags = canDeleteLab;

/** A classroom's manager adds their own labs to it; admins add any lab. */
export const canAddLabToClassrooms = canDeleteLab;

/** Guests see only public pages and their own profile, so they have no lab list at all. */
export const canListLabs = (actor: Actor) => !isGuest(actor);

/**
 * Which labs a list shows: admins all of them; teachers their own library (what they manage and
 * add to classrooms); everyone else the labs of the classrooms they were accepted into.
 */
export type LabListScope = 'all' | 'own' | 'classrooms';

export const labListScope = (actor: Actor): LabListScope =>
  isAdmin(actor) ? 'all' : isTeacher(actor) ? 'own' : 'classrooms';
