import { type ApiTokenList, type ApiTokenPage, pageOfItems } from '@hackclass/contracts';
import { and, count, desc, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { apiTokens, users } from '../db/schema';
import { containsPattern } from '../members/list-members';
import { memberName } from '../users/member-name';
import { presentApiToken } from './present-api-token';

const { tokenHash: _hash, ...shown } = getTableColumns(apiTokens);

/** A person's own tokens, newest first, expired ones included until they go. */
export async function listOwnApiTokens(db: ApiDatabase, userId: string): Promise<ApiTokenList> {
  const rows = await db
    .select(shown)
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { tokens: rows.map(presentApiToken) };
}

/** Every token, for admins, with its owner: searched by the owner's email or name, paged. */
export async function listAllApiTokens(
  db: ApiDatabase,
  { search, page, pageSize }: { search?: string | undefined; page: number; pageSize: number },
): Promise<ApiTokenPage> {
  const conditions: SQL[] = [];
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    const matches = or(ilike(users.email, pattern), ilike(users.displayName, pattern));
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [totals, rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(where),
    db
      .select({ ...shown, ownerName: memberName, ownerEmail: users.email })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(where)
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return pageOfItems(
    rows.map((row) => ({
      ...presentApiToken(row),
      owner: { id: row.userId, name: row.ownerName, email: row.ownerEmail },
    })),
    total,
    { page, pageSize },
  );
}
