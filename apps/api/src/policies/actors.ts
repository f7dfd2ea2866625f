import { ROLE, type RoleId } from '@hackclass/contracts';

/** Who acts: the signed-in product user, as policies need them. */
export interface Actor {
  id: string;
  roleId: RoleId | number;
}

export const isAdmin = (actor: Actor) => actor.roleId === ROLE.admin;
export const isTeacher = (actor: Actor) => actor.roleId === ROLE.teacher;
export const isGuest = (actor: Actor) => actor.roleId === ROLE.guest;

/** Teachers and admins create classrooms and labs. */
export const canCreateContent = (actor: Actor) => isTeacher(actor) || isAdmin(actor);
