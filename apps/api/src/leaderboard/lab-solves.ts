import { type SQL, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';

/**
 * Recounts the stored solve counts of the classrooms' labs (`classroom_labs.solve_count` and
 * `member_solve_count`), or of the labs `userId` solved there, from their solves and who is an
 * accepted member now. Run by `recountPoints`, so in the transaction and the turn of every
 * change that moves a score; the changes of who counts (a member removed, an account deleted)
 * recount too.
 */
export async function recountLabSolves(
  db: ApiDatabase,
  classroomList: SQL,
  userId?: string,
): Promise<void> {
  const theirLabs =
    userId === undefined
      ? sql``
      : sql`and cl.lab_id in (select lab_id from solves
          where classroom_id in (${classroomList}) and user_id = ${userId}::uuid)`;
  await db.execute(sql`
    update classroom_labs set solve_count = counted.solves,
      member_solve_count = counted.member_solves
    from (
      select cl.classroom_id, cl.lab_id, count(s.user_id)::int as solves,
        count(m.user_id)::int as member_solves
      from classroom_labs cl
      left join solves s on s.classroom_id = cl.classroom_id and s.lab_id = cl.lab_id
      left join members m on m.classroom_id = s.classroom_id and m.user_id = s.user_id
        and m.status = 'Accepted'
      where cl.classroom_id in (${classroomList}) ${theirLabs}
      group by cl.classroom_id, cl.lab_id
    ) as counted
    where classroom_labs.classroom_id = counted.classroom_id
      and classroom_labs.lab_id = counted.lab_id
      and (classroom_labs.solve_count <> counted.solves
        or classroom_labs.member_solve_count <> counted.member_solves)`);
}
