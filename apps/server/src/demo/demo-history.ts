import { type ApiDatabase, recountPoints, schema } from '@hackclass/api';
import { sql } from 'drizzle-orm';

const DAYS = 14;

/**
 * The demo's submissions were all made a moment ago; spread them over the last two weeks,
 * keeping their order, so the analytics show a history. Solves move with the submission that
 * made them, hints are unlocked a little before their lab's first submission, and each
 * classroom's announcements spread from twelve days ago to yesterday. Moved solves may now be on
 * time or late, so every classroom is recounted.
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
    await tx.execute(sql`
      update hint_unlocks set unlocked_at = first.submitted_at - make_interval(mins => 5)
      from lab_hints, (
        select classroom_id, user_id, lab_id, min(submitted_at) as submitted_at
        from submissions group by classroom_id, user_id, lab_id
      ) as first
      where lab_hints.id = hint_unlocks.hint_id and first.classroom_id = hint_unlocks.classroom_id
        and first.user_id = hint_unlocks.user_id and first.lab_id = lab_hints.lab_id`);
    await tx.execute(sql`
      with ordered as (
        select id, row_number() over (partition by classroom_id order by created_at, id) as n,
          count(*) over (partition by classroom_id) as total
        from announcements
      )
      update announcements set created_at = now() - make_interval(days => 12)
        + make_interval(days => 11) * ((ordered.n - 1)::float / greatest(ordered.total - 1, 1))
      from ordered where announcements.id = ordered.id`);
    const classrooms = await tx.select({ id: schema.classrooms.id }).from(schema.classrooms);
    await recountPoints(
      tx,
      classrooms.map((row) => row.id),
    );
  });
}
