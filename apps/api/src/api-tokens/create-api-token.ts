import {
  API_TOKENS_PER_USER,
  type CreateApiToken,
  type CreatedApiToken,
} from '@hackclass/contracts';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { apiTokens, users } from '../db/schema';
import { apiErrors } from '../errors';
import { type Actor, isAdmin } from '../policies/actors';
import { presentApiToken } from './present-api-token';
import { newApiTokenText } from './token-text';

const DAY_MS = 24 * 60 * 60_000;
/** An expired token stays on its owner's list this long, then goes when they create another. */
const EXPIRED_KEPT_MS = 30 * DAY_MS;

/**
 * Creates a personal API token for `owner` and answers its text, which is kept nowhere: only its
 * hash is stored. Only an admin may give a token the `admin` scope. The owner's row is locked
 * while their tokens are counted, so two creations at once cannot pass the allowance together.
 */
export async function createApiToken(
  db: ApiDatabase,
  owner: Actor,
  { name, scopes, expiresInDays }: CreateApiToken,
  now = new Date(),
): Promise<CreatedApiToken> {
  if (scopes.includes('admin') && !isAdmin(owner)) {
    throw apiErrors.forbidden('Only admins may give a token the admin scope');
  }
  const { text, hash, prefix } = newApiTokenText();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    const mine = eq(apiTokens.userId, owner.id);
    await tx
      .delete(apiTokens)
      .where(and(mine, lt(apiTokens.expiresAt, new Date(now.getTime() - EXPIRED_KEPT_MS))));
    const [held] = await tx
      .select({ count: count() })
      .from(apiTokens)
      .where(and(mine, gt(apiTokens.expiresAt, now)));
    if ((held?.count ?? 0) >= API_TOKENS_PER_USER) {
      throw apiErrors.apiTokenLimit(API_TOKENS_PER_USER);
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: owner.id,
        name,
        tokenHash: hash,
        prefix,
        scopes,
        createdAt: now,
        expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS),
      })
      .returning();
    if (!created) throw new Error('The token row was not inserted');
    return created;
  });
  return { token: presentApiToken(row), secret: text };
}
