import { type Leaderboard, type LeaderboardQuery, pageOfItems, ROLE } from '@hackclass/contracts';
import { and, count, eq, ne, sql } from 'drizzle-orm';
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

/** The board's order in full: points, when reached, then name and id, as the index has it. */
const fullOrder = sql`${members.points} desc nulls last, ${members.reachedAt} asc nulls last,
  ${members.sortName}, ${members.userId}`;
const previous = (column: typeof members.points | typeof members.reachedAt) =>
  sql`lag(${column}) over (partition by ${members.classroomId} order by ${fullOrder})`;

/**
 * A page of the board, read in the order of `members_leaderboard_idx` and no further than the
 * page, each row saying whether it ties the row before it. A rank over the classroom would be
 * computed in another order than the page's, which PostgreSQL before 16 sorts in full: the
 * whole classroom, when everyone ties at a lesson's start.
 */
const pageQuery = preparedQuery('leaderboard', (db, name) =>
  db
    .select({
      userId: users.id,
      name: memberName,
      points: members.points,
      solves: members.solveCount,
      firstSolves: members.firstSolveCount,
      reachedAt: members.reachedAt,
      tiesBefore: sql<boolean>`coalesce(${members.points} = ${previous(members.points)}
        and ${members.reachedAt} is not distinct from ${previous(members.reachedAt)}, false)`,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(onTheBoard)
    .orderBy(fullOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/** How many on the board are ahead of a member: more points, or as many reached sooner. */
const aheadQuery = preparedQuery('leaderboard_ahead', (db, name) => {
  const me = db
    .select({ points: members.points, reachedAt: members.reachedAt })
    .from(members)
    .where(
      and(
        eq(members.classroomId, sql.placeholder('classroomId')),
        eq(members.userId, sql.placeholder('userId')),
      ),
    )
    .as('me');
  return db
    .select({ ahead: count().mapWith(Number) })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(me, sql`true`)
    .where(
      and(
        onTheBoard,
        sql`(${members.points} > ${me.points} or (${members.points} = ${me.points}
          and ${members.reachedAt} is not null
          and (${me.reachedAt} is null or ${members.reachedAt} < ${me.reachedAt})))`,
      ),
    )
    .prepare(name);
});

/**
 * Ranks of a page's rows, in board order from `offset`: a row that ties the one before shares
 * its rank; any other is behind every row before it, so its rank is its place. Only a later
 * page whose first row ties the last of the page before asks how many are ahead of it.
 */
async function ranksOf(
  db: ApiDatabase,
  classroomId: string,
  rows: { userId: string; tiesBefore: boolean }[],
  offset: number,
): Promise<number[]> {
  const ranks: number[] = [];
  for (const [index, { userId, tiesBefore }] of rows.entries()) {
    if (!tiesBefore) {
      ranks.push(offset + index + 1);
    } else if (index > 0) {
      ranks.push(ranks[index - 1] ?? 0);
    } else {
      const [counted] = await aheadQuery(db).execute({ classroomId, userId });
      ranks.push((counted?.ahead ?? 0) + 1);
    }
  }
  return ranks;
}

/** A page of a classroom's leaderboard; ties go to whoever reached the score first. */
export async function leaderboardOf(
  db: ApiDatabase,
  classroomId: string,
  { page, pageSize }: LeaderboardQuery,
): Promise<Leaderboard> {
  const offset = (page - 1) * pageSize;
  const [rows, [counted]] = await Promise.all([
    pageQuery(db).execute({ classroomId, limit: pageSize, offset }),
    boardSize(db).execute({ classroomId }),
  ]);
  const ranks = await ranksOf(db, classroomId, rows, offset);
  const total = counted?.total ?? 0;
  return pageOfItems(
    rows.map(({ reachedAt, tiesBefore: _, ...row }, index) => ({
      rank: ranks[index] ?? 0,
      ...row,
      reachedAt: reachedAt?.toISOString() ?? null,
    })),
    total,
    { page, pageSize },
  );
}
