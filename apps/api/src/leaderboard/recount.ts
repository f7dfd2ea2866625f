import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs } from '../db/schema';

/**
 * Recounts the stored points and reach times (`members.points`, `members.reached_at`) of the
 * classrooms' members, or of one member, from the solves that count now: those of labs still in
 * the classroom, at their current points. Called in the transaction of every change that moves
 * a score: a solve, a lab added to or taken out of a classroom, a lab's points edited or the lab
 * deleted, a member accepted (again) with solves from before.
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
  const oneMember = userId === undefined ? sql`` : sql`and target.user_id = ${userId}::uuid`;
  await db.execute(sql`
    update members set points = coalesce(counted.points, 0),
      solve_count = coalesce(counted.solves, 0), reached_at = counted.reached_at
    from members as target
    left join (
      select s.classroom_id, s.user_id, sum(l.points)::int as points, count(*)::int as solves,
        max(s.solved_at) as reached_at
      from solves s
      join classroom_labs cl on cl.classroom_id = s.classroom_id and cl.lab_id = s.lab_id
      join labs l on l.id = s.lab_id
      where s.classroom_id in (${classroomList})
        ${userId === undefined ? sql`` : sql`and s.user_id = ${userId}::uuid`}
      group by s.classroom_id, s.user_id
    ) as counted
      on counted.classroom_id = target.classroom_id and counted.user_id = target.user_id
    where members.classroom_id = target.classroom_id and members.user_id = target.user_id
      and target.classroom_id in (${classroomList}) ${oneMember}
      and (members.points is distinct from coalesce(counted.points, 0)
        or members.solve_count is distinct from coalesce(counted.solves, 0)
        or members.reached_at is distinct from counted.reached_at)`);
}

/** The classrooms that have the lab: whose scores its points or its deletion change. */
export async function classroomsWithLab(db: ApiDatabase, labId: string): Promise<string[]> {
  const rows = await db
    .select({ classroomId: classroomLabs.classroomId })
    .from(classroomLabs)
    .where(eq(classroomLabs.labId, labId));
  return rows.map((row) => row.classroomId);
}
