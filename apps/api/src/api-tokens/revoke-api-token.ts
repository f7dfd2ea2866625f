import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { apiTokens } from '../db/schema';
import { apiErrors } from '../errors';

/**
 * Revokes a token by deleting it: its next request is refused, on every replica, as each request
 * looks its token up. `ownerId` limits it to that person's tokens (absent: an admin's revoking).
 */
export async function revokeApiToken(
  db: ApiDatabase,
  tokenId: string,
  ownerId?: string,
): Promise<void> {
  const deleted = await db
    .delete(apiTokens)
    .where(
      and(
        eq(apiTokens.id, tokenId),
        ownerId === undefined ? undefined : eq(apiTokens.userId, ownerId),
      ),
    )
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw apiErrors.notFound('No such API token');
}
