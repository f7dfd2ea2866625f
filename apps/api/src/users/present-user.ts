import { type ManagedUser, type Me, ROLE, type RoleId, type User } from '@hackclass/contracts';
import type { UserRow } from '../db/schema';
import { userPermissions } from '../policies/permissions';

/** A student who signed up as a teacher and waits for an admin (any role change ends it). */
export const isAwaitingTeacherApproval = (user: Pick<UserRow, 'roleId' | 'teacherRequestedAt'>) =>
  user.teacherRequestedAt !== null && user.roleId === ROLE.student;

/**
 * A teacher who signed up as one where TEACHER_APPROVAL is off, whom no admin has approved yet
 * (any role change ends it too): they teach, with the lower invitation allowance.
 */
export const isUnapprovedTeacher = (user: Pick<UserRow, 'roleId' | 'teacherRequestedAt'>) =>
  user.teacherRequestedAt !== null && user.roleId === ROLE.teacher;

export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoUrl: user.photoUrl,
    roleId: user.roleId as RoleId,
    awaitingTeacherApproval: isAwaitingTeacherApproval(user),
    createdAt: user.createdAt.toISOString(),
  };
}

/** The signed-in user, with what they may do anywhere. */
export function presentMe(user: UserRow): Me {
  return { ...presentUser(user), can: userPermissions(user) };
}

/** A user as admins see them on the users page. */
export function presentManagedUser(user: UserRow): ManagedUser {
  return {
    ...presentUser(user),
    disabled: user.disabledAt !== null,
    unapprovedTeacher: isUnapprovedTeacher(user),
  };
}
