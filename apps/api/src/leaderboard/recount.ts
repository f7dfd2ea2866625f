import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs } from '../db/schema';
import { recountLabSolves } from './lab-solves';
import { solvePoints } from './solve-points';

/**
 * Recounts the stored points, solve counts, first solves and reach times of the classrooms'
 * members, or of one member, from the solves that count now and what they earn (`solvePoints`),
 * and the solve counts of their labs (`recountLabSolves`). Called in the transaction of every
 * change that moves a score: a solve, a hint unlocked, a lab added to, scheduled in or taken out
 * of a classroom, a lab's scoring edited or the lab deleted, a member accepted (again) with
 * solves from before, a member removed, an account deleted. A dynamic lab's solve moves everyone
 * who solved it, so its callers recount the whole classroom.
 */
export async function recountPoints(
  db: ApiDatabase,
  classroomIds: string[],
  userId?: string,
): Promise<void> {
  if (classroomIds.length === 0) return;
  const classroomList = sql.join(
    classroomIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // One member's labs are all that moves their score: their solves' windows need only those.
  const solvesCounted =
    userId === undefined
      ? sql`s.classroom_id in (${classroomList})`
      : sql`s.classroom_id in (${classroomList}) and s.lab_id in (select lab_id from solves
          where classroom_id in (${classroomList}) and user_id = ${userId}::uuid)`;
  const oneMember = userId === undefined ? sql`` : sql`and target.user_id = ${userId}::uuid`;
  await recountLabSolves(db, classroomList, userId);
  await db.execute(sql`
    update members set points = coalesce(counted.points, 0),
      solve_count = coalesce(counted.solves, 0),
      first_solve_count = coalesce(counted.firsts, 0),
      reached_at = counted.reached_at
    from members as target
    left join (
      select earned.classroom_id, earned.user_id, sum(earned.points)::int as points,
        count(*)::int as solves, (count(*) filter (where earned.first_solve))::int as firsts,
        max(earned.solved_at) as reached_at
      from ${solvePoints(solvesCounted)} as earned
      group by earned.classroom_id, earned.user_id
    ) as counted
      on counted.classroom_id = target.classroom_id and counted.user_id = target.user_id
    where members.classroom_id = target.classroom_id and members.user_id = target.user_id
      and target.classroom_id in (${classroomList}) ${oneMember}
      and (members.points is distinct from coalesce(counted.points, 0)
        or members.solve_count is distinct from coalesce(counted.solves, 0)
        or members.first_solve_count is distinct from coalesce(counted.firsts, 0)
        or members.reached_at is distinct from counted.reached_at)`);
}

/**
 * Waits until no other transaction moves the classroom's scores (released at commit). A
 * recount of a whole classroom counts from what its transaction sees, so two at once would
 * each miss the other's change (a dynamic lab's solve moves everyone) and store stale points.
 * Take it first thing in the transaction, before any row lock, so that no one waits in a circle.
 */
export async function takeScoresTurn(db: ApiDatabase, classroomId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SCORES_LOCK}, hashtext(${classroomId}))`);
}

/** The namespace of the classrooms' scores locks, apart from every other advisory lock. */
const SCORES_LOCK = 0x68_63_73_63;

/** The classrooms that have the lab: whose scores its points or its deletion change. */
export async function classroomsWithLab(db: ApiDatabase, labId: string): Promise<string[]> {
  const rows = await db
    .select({ classroomId: classroomLabs.classroomId })
    .from(classroomLabs)
    .where(eq(classroomLabs.labId, labId));
  return rows.map((row) => row.classroomId);
}
