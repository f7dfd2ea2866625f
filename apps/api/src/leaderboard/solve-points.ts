import { type SQL, sql } from 'drizzle-orm';
import { classroomLabs, labs, solves } from '../db/schema';

/**
 * What a lab of the outer query (on `labs`) is worth with `solveCount` solves of it in a
 * classroom (at least 1 once solved): fixed, or for dynamic labs CTFd's dynamic value
 * `max(minimum, ceil((minimum − initial) / decay² · (solves − 1)² + initial))`, so the first
 * solver earns the initial points and everyone the minimum from the (decay + 1)th solve on.
 * Computed in whole numbers: an integer division of a negative dividend truncates towards zero,
 * which is the ceiling CTFd takes, without the rounding of a fractional step.
 */
export const labValue = (solveCount: SQL): SQL<number> =>
  sql<number>`(case
  when ${labs.scoring} = 'dynamic' then greatest(${labs.minimumPoints}, ${labs.points}
    + ((${labs.minimumPoints} - ${labs.points})::bigint
      * power(greatest(${solveCount} - 1, 0), 2)::bigint / (${labs.decay}::bigint * ${labs.decay}))::int)
  else ${labs.points} end)`.mapWith(Number);

/** What a solve earns from its lab's value: times the late credit when late, less its hint costs, never below 0. */
const earnedPoints = (value: SQL, late: SQL, latePercent: SQL, hintCost: SQL) =>
  sql`greatest(0, floor(${value} * (case when ${late} then ${latePercent} else 100 end)
    / 100.0)::int - ${hintCost})`;

/** What the hints of the solve's lab the member unlocked in its classroom cost. */
const hintCostOf = (classroomId: SQL, userId: SQL, labId: SQL) =>
  sql`coalesce((select sum(lh.cost) from hint_unlocks hu join lab_hints lh on lh.id = hu.hint_id
    where hu.classroom_id = ${classroomId} and hu.user_id = ${userId}
      and lh.lab_id = ${labId}), 0)::int`;

/**
 * Every solve that counts in the classrooms `where` picks (a condition on `s`, the solves), with
 * what it earns now: one statement of the scoring rules, read by the recount, the gradebook and
 * anything else that shows points. A solve counts while its lab is in the classroom. It earns
 * the lab's value (`labValue`: fixed, or decaying with the classroom's solves of it, the same
 * for every solver) times the classroom's late credit when solved after the due date, less the
 * costs of the lab's hints the member unlocked there, never below 0. The first solve of a lab in
 * a classroom is marked (ties share the mark).
 *
 * Columns: classroom_id, user_id, lab_id, solved_at, late, value (the lab's value now),
 * late_percent, hint_cost, points (earned), first_solve.
 */
export const solvePoints = (where: SQL): SQL => sql`(
  select counted.*,
    ${earnedPoints(sql`counted.value`, sql`counted.late`, sql`counted.late_percent`, sql`counted.hint_cost`)} as points
  from (
    select s.classroom_id, s.user_id, s.lab_id, s.solved_at, cl.late_percent,
      coalesce(s.solved_at > cl.due_at, false) as late,
      ${labValue(sql`count(*) over lab_solves`)} as value,
      ${hintCostOf(sql`s.classroom_id`, sql`s.user_id`, sql`s.lab_id`)} as hint_cost,
      rank() over (lab_solves order by s.solved_at) = 1 as first_solve
    from solves s
    join classroom_labs cl on cl.classroom_id = s.classroom_id and cl.lab_id = s.lab_id
    join ${labs} on ${labs.id} = s.lab_id
    where ${where}
    window lab_solves as (partition by s.classroom_id, s.lab_id)
  ) as counted
)`;

/**
 * What the lab of the outer query (on `classroom_labs` joined to `labs`) is worth in its
 * classroom now, its dynamic value counting every solve there as the recount does (the count
 * the recount keeps with the classroom's lab).
 */
export const classroomLabValue = labValue(sql`${classroomLabs.solveCount}`);

/**
 * What the solve of the outer query (on `solves`) earns now, by the rules of `solvePoints` with
 * the lab's value from the solve count its classroom keeps, so without reading the other solves;
 * 0 once its lab left the classroom.
 */
export const solveEarns = sql<number>`coalesce((select ${earnedPoints(
  classroomLabValue,
  sql`coalesce(${solves.solvedAt} > ${classroomLabs.dueAt}, false)`,
  sql`${classroomLabs.latePercent}`,
  hintCostOf(sql`${solves.classroomId}`, sql`${solves.userId}`, sql`${solves.labId}`),
)} from ${classroomLabs} join ${labs} on ${labs.id} = ${classroomLabs.labId}
  where ${classroomLabs.classroomId} = ${solves.classroomId}
    and ${classroomLabs.labId} = ${solves.labId}), 0)`.mapWith(Number);
