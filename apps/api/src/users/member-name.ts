import { FALLBACK_NAME_ID_CHARS, FALLBACK_NAME_PREFIX } from '@hackclass/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { users } from '../db/schema';

/** A user's name for others: their display name, else `fallbackName` of their id (never their email). */
export const memberName = sql<string>`coalesce(nullif(btrim(${users.displayName}), ''),
  ${sql.raw(`'${FALLBACK_NAME_PREFIX} '`)} || upper(left(${users.id}::text, ${sql.raw(String(FALLBACK_NAME_ID_CHARS))})))`;

/** A user's name for others (see `memberName`); undefined if there is no such user. */
export async function userName(db: ApiDatabase, userId: string) {
  const [row] = await db.select({ name: memberName }).from(users).where(eq(users.id, userId));
  return row?.name;
}
