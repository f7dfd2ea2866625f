import type { ManagedUser, RoleId, User } from '@hackclass/contracts';
import type { UserRow } from './ensure-user';

export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoUrl: user.photoUrl,
    roleId: user.roleId as RoleId,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A user as admins see them on the users page. */
export function presentManagedUser(user: UserRow): ManagedUser {
  return { ...presentUser(user), disabled: user.disabledAt !== null };
}
