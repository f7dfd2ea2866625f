import type { RoleId, User } from '@hackclass/contracts';
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
