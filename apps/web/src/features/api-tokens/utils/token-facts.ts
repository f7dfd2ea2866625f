import type { ApiToken, ApiTokenScope } from '@hackclass/contracts';

export const scopeLabels: Record<ApiTokenScope, string> = {
  read: 'Read',
  write: 'Write',
  admin: 'Admin',
};

export const scopeDescriptions: Record<ApiTokenScope, string> = {
  read: 'See what you can see: classrooms, labs, members, grades (GET requests).',
  write: 'Change what you can change: create, edit, submit, invite (every other request).',
  admin: 'Act as the admin you are. Without it, the token acts as a teacher.',
};

export const isExpired = (token: Pick<ApiToken, 'expiresAt'>, now = Date.now()) =>
  Date.parse(token.expiresAt) <= now;
