import type { MemberList, MemberListQuery, MemberStatus } from '@hackclass/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { memberName } from '../classrooms/queries';
import type { ApiDatabase } from '../db';
import { classrooms, members, users } from '../db/schema';

/** `text` as a literal ILIKE substring pattern: `%` and `_` match only themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export interface MemberListOptions {
  /** Managers see every status and emails; others accepted members and names only. */
  manager: boolean;
}

/**
 * A page of a classroom's roster: its creator (listed as accepted, flagged) and its members,
 * filtered, searched and paged in SQL. Points come with flags (a later issue): 0 for now.
 */
export async function listMembers(
  db: ApiDatabase,
  classroomId: string,
  { status, search, page, pageSize }: MemberListQuery,
  { manager }: MemberListOptions,
): Promise<MemberList> {
  const creator = db
    .select({
      userId: users.id,
      name: memberName.as('name'),
      email: users.email,
      status: sql<MemberStatus>`'Accepted'`.as('status'),
      isCreator: sql<boolean>`true`.as('is_creator'),
    })
    .from(classrooms)
    .innerJoin(users, eq(users.id, classrooms.creatorId))
    .where(eq(classrooms.id, classroomId));
  const rows = db
    .select({
      userId: users.id,
      name: memberName.as('name'),
      email: users.email,
      status: members.status,
      isCreator: sql<boolean>`false`.as('is_creator'),
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.classroomId, classroomId));
  const roster = creator.unionAll(rows).as('roster');

  const statuses = manager ? status : (status ?? ['Accepted']).filter((s) => s === 'Accepted');
  const term = search?.trim();
  const where = and(
    statuses ? inArray(roster.status, statuses) : undefined,
    term
      ? or(
          ilike(roster.name, containsPattern(term)),
          manager ? ilike(roster.email, containsPattern(term)) : undefined,
        )
      : undefined,
  );
  const [totals, items] = await Promise.all([
    db.select({ total: count() }).from(roster).where(where),
    db
      .select()
      .from(roster)
      .where(where)
      .orderBy(sql`${roster.isCreator} desc`, asc(sql`lower(${roster.name})`), asc(roster.userId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: items.map((item) => ({
      userId: item.userId,
      name: item.name,
      ...(manager ? { email: item.email } : {}),
      status: item.status,
      points: 0,
      isCreator: item.isCreator,
    })),
    total,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}
