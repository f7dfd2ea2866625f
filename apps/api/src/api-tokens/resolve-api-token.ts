import type { ApiTokenScope } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { apiTokens, type UserRow, users } from '../db/schema';
import type { ApiTokenGrant } from '../users/principal';
import { apiTokenHashOf, isWellFormedApiToken } from './token-text';

/** How stale a token's `lastUsedAt` may be: a write per minute, not one per request. */
const LAST_USE_STEP_MS = 60_000;

/**
 * The grant and owner behind a token's text, or undefined when no unexpired token has it. Looked
 * up on every request, by the unique hash, with its owner in the same query: a revocation or a
 * change of role applies at once, on every replica.
 */
export async function resolveApiToken(
  db: ApiDatabase,
  text: string,
  now = new Date(),
): Promise<{ grant: ApiTokenGrant; user: UserRow } | undefined> {
  if (!isWellFormedApiToken(text)) return undefined;
  const [row] = await db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: users,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, apiTokenHashOf(text)));
  if (!row || row.expiresAt <= now) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_STEP_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  const grant = { id: row.id, scopes: row.scopes as ApiTokenScope[], expiresAt: row.expiresAt };
  return { grant, user: row.user };
}
