import { type Leaderboard, type LeaderboardQuery, ROLE } from '@hackclass/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { preparedQuery } from '../db/prepared';
import { members, users } from '../db/schema';
import { memberName } from '../users/member-name';

/** Who is on a classroom's leaderboard: its accepted members; admins never compete. */
export const competes = and(eq(members.status, 'Accepted'), ne(users.roleId, ROLE.admin));

/** Points descending, ties to whoever reached them first; everyone on 0 shares the last rank. */
const boardOrder = sql`${members.points} desc nulls last, ${members.reachedAt} asc nulls last`;

/** A member's rank among the rows of a query that keeps only those who compete. */
export const memberRank = sql<number>`rank() over (partition by ${members.classroomId}
  order by ${boardOrder})`.mapWith(Number);

/**
 * One statement over the classroom's accepted members, their points stored with each solve (see
 * `recountPoints`), read in the order of `members_leaderboard_idx` up to the page asked for; the
 * rank streams along that order.
 */
const onTheBoard = and(eq(members.classroomId, sql.placeholder('classroomId')), competes);

/**
 * How many are on the board: the accepted members (an index range) less the admins among them
 * (found from the few admin users), so no join over the whole classroom.
 */
const boardSize = preparedQuery('leaderboard_size', (db, name) => {
  const accepted = and(
    eq(members.classroomId, sql.placeholder('classroomId')),
    eq(members.status, 'Accepted'),
  );
  const admins = db
    .select({ admins: count() })
    .from(users)
    .innerJoin(members, and(eq(members.userId, users.id), accepted))
    .where(eq(users.roleId, ROLE.admin));
  return db
    .select({ total: sql<number>`count(*) - (${admins})`.mapWith(Number) })
    .from(members)
    .where(accepted)
    .prepare(name);
});

const leaderboardQuery = preparedQuery('leaderboard', (db, name) =>
  db
    .select({
      rank: memberRank,
      userId: users.id,
      name: memberName,
      points: members.points,
      solves: members.solveCount,
      firstSolves: members.firstSolveCount,
      reachedAt: members.reachedAt,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(onTheBoard)
    .orderBy(
      // In `members_leaderboard_idx` order, so a page reads its rows and no more.
      sql`${members.points} desc nulls last`,
      sql`${members.reachedAt} asc nulls last`,
      asc(members.sortName),
      asc(members.userId),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/** A page of a classroom's leaderboard; ties go to whoever reached the score first. */
export async function leaderboardOf(
  db: ApiDatabase,
  classroomId: string,
  { page, pageSize }: LeaderboardQuery,
): Promise<Leaderboard> {
  const [rows, [counted]] = await Promise.all([
    leaderboardQuery(db).execute({ classroomId, limit: pageSize, offset: (page - 1) * pageSize }),
    boardSize(db).execute({ classroomId }),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map(({ reachedAt, ...row }) => ({
      ...row,
      reachedAt: reachedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}
