import { ROLE, ROLE_IDS, type RoleId } from '@hackclass/contracts';

export const roleLabels: Record<RoleId, string> = {
  [ROLE.student]: 'Student',
  [ROLE.teacher]: 'Teacher',
  [ROLE.admin]: 'Admin',
  [ROLE.guest]: 'Guest',
};

/** Select options, the role id as the value. */
export const roleOptions = ROLE_IDS.map((id) => ({ value: String(id), label: roleLabels[id] }));

export const toRoleId = (value: string | null): RoleId | null =>
  ROLE_IDS.find((id) => String(id) === value) ?? null;
