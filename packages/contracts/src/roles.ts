/** Role ids as the identity of a user's role across API, database and web app. */
export const ROLE = {
  student: 1,
  teacher: 2,
  admin: 3,
  guest: 4,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];
export const ROLE_IDS = Object.values(ROLE) as RoleId[];
