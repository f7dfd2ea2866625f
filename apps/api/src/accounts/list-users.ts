import { pageOfItems, ROLE, type UserList, type UserListQuery } from '@hackclass/contracts';
import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { users } from '../db/schema';
import { containsPattern } from '../members/list-members';
import { presentManagedUser } from '../users/present-user';

/**
 * A page of every user, for admins: searched by email or name, filtered by role and by awaiting
 * approval as a teacher, ordered by
 * email (the case-insensitive unique index keeps the order stable and cheap to page).
 */
export async function listUsers(
  db: ApiDatabase,
  { search, role, awaitingApproval, page, pageSize }: UserListQuery,
): Promise<UserList> {
  const term = search?.trim();
  const pattern = term ? containsPattern(term) : undefined;
  const conditions: SQL[] = [];
  if (pattern) {
    const matches = or(ilike(users.email, pattern), ilike(users.displayName, pattern));
    if (matches) conditions.push(matches);
  }
  if (role !== undefined) conditions.push(eq(users.roleId, role));
  if (awaitingApproval !== undefined) {
    const awaiting = and(
      isNotNull(users.teacherRequestedAt),
      inArray(users.roleId, [ROLE.student, ROLE.teacher]),
    );
    if (awaiting) conditions.push(awaitingApproval ? awaiting : not(awaiting));
  }
  const where = and(...conditions);
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(users).where(where),
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.email})`), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return pageOfItems(rows.map(presentManagedUser), total, { page, pageSize });
}
