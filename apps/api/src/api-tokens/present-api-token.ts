import type { ApiToken, ApiTokenScope } from '@hackclass/contracts';
import type { apiTokens } from '../db/schema';

type ApiTokenRow = typeof apiTokens.$inferSelect;

export const presentApiToken = (row: Omit<ApiTokenRow, 'tokenHash' | 'userId'>): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiTokenScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});
