import type { ApiDatabase } from '@hackclass/api';
import { sql } from 'drizzle-orm';

const DAYS = 14;

/**
 * The demo's submissions were all made a moment ago; spread them over the last two weeks,
 * keeping their order, so the analytics show a history. Solves move with the submission that
 * made them.
 */
export async function spreadOverTwoWeeks(db: ApiDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with ordered as (
        select id, row_number() over (order by submitted_at, id) as n, count(*) over () as total
        from submissions
      )
      update submissions set submitted_at = now()
        - make_interval(days => ${DAYS}) * (1 - ordered.n::float / ordered.total)
        - make_interval(mins => ordered.n::int % 7 * 11)
      from ordered where submissions.id = ordered.id`);
    await tx.execute(sql`
      update solves set solved_at = first.submitted_at
      from (
        select classroom_id, user_id, lab_id, min(submitted_at) as submitted_at
        from submissions where correct group by classroom_id, user_id, lab_id
      ) as first
      where solves.classroom_id = first.classroom_id and solves.user_id = first.user_id
        and solves.lab_id = first.lab_id`);
  });
}
