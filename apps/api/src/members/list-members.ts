import {
  type MemberList,
  type MemberListQuery,
  type MemberStatus,
  pageOfItems,
} from '@hackclass/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { preparedQuery } from '../db/prepared';
import { classrooms, emailInvitations, members, users } from '../db/schema';
import { memberName } from '../users/member-name';

/** `text` as a literal ILIKE substring pattern: `%` and `_` match only themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export interface MemberListOptions {
  /** Managers see every status and emails; others accepted members and names only. */
  manager: boolean;
}

const classroomId = sql.placeholder('classroomId');
const statuses = sql.placeholder('statuses');
const pattern = sql.placeholder('pattern');
const searchEmails = sql.placeholder('searchEmails');

/**
 * The classroom's creator (listed as accepted, flagged), its members and the invitations waiting
 * for an email without an account, filtered. An invitation, to an account or not, is listed alike
 * until it is accepted: by the email the teacher typed, with no user id, name or points, so the
 * roster does not tell who has an account.
 */
function filteredRoster(db: ApiDatabase) {
  const creator = db
    .select({
      userId: sql<string | null>`${users.id}`.as('user_id'),
      name: memberName.as('name'),
      email: users.email,
      status: sql<MemberStatus>`'Accepted'`.as('status'),
      isCreator: sql<boolean>`true`.as('is_creator'),
      points: sql<number>`0`.as('points'),
    })
    .from(classrooms)
    .innerJoin(users, eq(users.id, classrooms.creatorId))
    .where(eq(classrooms.id, classroomId));
  const invited = sql`${members.status} = 'Invited'`;
  const rows = db
    .select({
      userId: sql<string | null>`case when ${invited} then null else ${users.id} end`.as('user_id'),
      name: sql<string>`case when ${invited} then lower(${users.email}) else ${memberName} end`.as(
        'name',
      ),
      email:
        sql<string>`case when ${invited} then lower(${users.email}) else ${users.email} end`.as(
          'email',
        ),
      status: members.status,
      isCreator: sql<boolean>`false`.as('is_creator'),
      points: members.points,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.classroomId, classroomId));
  const waiting = db
    .select({
      userId: sql<string | null>`null::uuid`.as('user_id'),
      name: sql<string>`${emailInvitations.email}`.as('name'),
      email: sql<string>`${emailInvitations.email}`.as('email'),
      status: sql<MemberStatus>`'Invited'`.as('status'),
      isCreator: sql<boolean>`false`.as('is_creator'),
      points: sql<number>`0`.as('points'),
    })
    .from(emailInvitations)
    .where(eq(emailInvitations.classroomId, classroomId));
  const roster = creator.unionAll(rows).unionAll(waiting).as('roster');
  // One statement for every filter: a null placeholder turns its condition off.
  const where = sql`(${statuses}::text[] is null or ${roster.status} = any(${statuses}::text[]))
    and (${pattern}::text is null or ${roster.name} ilike ${pattern}::text
      or (${searchEmails}::boolean and ${roster.email} ilike ${pattern}::text))`;
  return { roster, where };
}

const rosterTotal = preparedQuery('roster_total', (db, name) => {
  const { roster, where } = filteredRoster(db);
  return db.select({ total: count() }).from(roster).where(where).prepare(name);
});

/**
 * A column of the roster by its SQL name. Selected through the subquery's own fields, every value
 * of every row would be mapped through a Drizzle proxy, which cost more than the rest of the route.
 */
const rosterColumn = <T>(name: string) =>
  sql<T>`${sql.identifier('roster')}.${sql.identifier(name)}`;

const rosterPage = preparedQuery('roster_page', (db, name) => {
  const { roster, where } = filteredRoster(db);
  return db
    .select({
      userId: rosterColumn<string | null>('user_id'),
      name: rosterColumn<string>('name'),
      email: rosterColumn<string>('email'),
      status: rosterColumn<MemberStatus>('status'),
      isCreator: rosterColumn<boolean>('is_creator'),
      points: rosterColumn<number>('points'),
    })
    .from(roster)
    .where(where)
    .orderBy(
      sql`${roster.isCreator} desc`,
      asc(sql`lower(${roster.name})`),
      asc(roster.userId),
      asc(roster.email),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
});

/** How many of each status the classroom has, invitations to an address alone among the invited. */
const rosterCounts = preparedQuery('roster_counts', (db, name) =>
  db
    .select({ status: members.status, count: count() })
    .from(members)
    .where(eq(members.classroomId, classroomId))
    .groupBy(members.status)
    .unionAll(
      db
        .select({ status: sql<MemberStatus>`'Invited'`, count: count() })
        .from(emailInvitations)
        .where(eq(emailInvitations.classroomId, classroomId)),
    )
    .prepare(name),
);

/** A page of a classroom's roster with each one's points, filtered, searched and paged in SQL. */
export async function listMembers(
  db: ApiDatabase,
  classroomId: string,
  { status, search, page, pageSize }: MemberListQuery,
  { manager }: MemberListOptions,
): Promise<MemberList> {
  const term = search?.trim();
  const filters = {
    classroomId,
    statuses: manager ? (status ?? null) : (status ?? ['Accepted']).filter((s) => s === 'Accepted'),
    pattern: term ? containsPattern(term) : null,
    searchEmails: manager,
  };
  const [totals, items, byStatus] = await Promise.all([
    rosterTotal(db).execute(filters),
    rosterPage(db).execute({ ...filters, limit: pageSize, offset: (page - 1) * pageSize }),
    rosterCounts(db).execute({ classroomId }),
  ]);
  const total = totals[0]?.total ?? 0;
  const counted = (status: MemberStatus) =>
    byStatus.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  return {
    ...pageOfItems(
      items.map((item) => ({
        userId: item.userId,
        name: item.name,
        ...(manager ? { email: item.email } : {}),
        status: item.status,
        points: item.points,
        isCreator: item.isCreator,
      })),
      total,
      { page, pageSize },
    ),
    counts: {
      members: counted('Accepted'),
      ...(manager ? { asking: counted('PendingApproval'), invited: counted('Invited') } : {}),
    },
  };
}
