import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../src/db';
import { classrooms, labs } from '../src/db/schema';
import { recountPoints } from '../src/leaderboard/recount';

export const LABS = 30;
export const SMALL_CLASSROOM_MEMBERS = 10;
export const BIG_CLASSROOM_MEMBERS = 500;
const SOLVES_PER_STUDENT = 10;
const WRONG_SUBMISSIONS_PER_STUDENT = 40;
const ANNOUNCEMENTS = 10;

export interface ClassSizeSeed {
  smallClassroomId: string;
  bigClassroomId: string;
  /** The same members in classrooms of their own where nobody solved anything yet. */
  smallFirstLessonId: string;
  bigFirstLessonId: string;
  /** The lab a student opens, as it is in both classrooms. */
  lab: { id: string; slug: string };
}

/**
 * Straight into the tables with set-based inserts: 30 labs of the teacher with two hints each,
 * and two classrooms of the teacher with all 30, one of 10 accepted members (`smallStudentId`
 * one of them), one of 500 (`bigStudentId` one of them). Every member solved 10 labs, sent 40
 * wrong flags, unlocked a hint and was told of each of the classroom's 10 announcements. The
 * same two classes also have a classroom each at its first lesson: the same labs, no solve.
 */
export async function seedClassSizes(
  db: ApiDatabase,
  ids: { teacherId: string; smallStudentId: string; bigStudentId: string },
): Promise<ClassSizeSeed> {
  const { teacherId, smallStudentId, bigStudentId } = ids;
  const fillers = SMALL_CLASSROOM_MEMBERS - 1 + BIG_CLASSROOM_MEMBERS - 1;
  await db.execute(sql`
    insert into users (identity_uid, email, email_verified, display_name, role_id)
    select 'class-size-' || n, 'student' || n || '@bench.example.org', true,
      case when n % 9 = 0 then null else 'Student ' || lpad(n::text, 4, '0') end, 1
    from generate_series(1, ${fillers}) as n`);
  await db.execute(sql`
    insert into labs (slug, name, difficulty, category, points, creator_id)
    select 'class-size-lab-' || lpad(n::text, 2, '0'), 'Class size lab ' || lpad(n::text, 2, '0'),
      (array['Easy', 'Medium', 'Hard', 'Insane'])[1 + n % 4], 'Web', 50 + 10 * n,
      ${teacherId}::uuid
    from generate_series(1, ${LABS}) as n`);
  await db.execute(sql`
    insert into lab_hints (lab_id, content, cost, position)
    select id, 'Look closer, part ' || position, 10 * position, position
    from labs cross join generate_series(0, 1) as position`);
  const classroomOf = (name: string, joinCode: string) => ({
    name,
    teacherName: 'Bench Teacher',
    joinCode,
    creatorId: teacherId,
  });
  const [smallRow, bigRow, smallFirstRow, bigFirstRow] = await db
    .insert(classrooms)
    .values([
      classroomOf('Small class', 'SMALLABC'),
      classroomOf('Big class', 'BIGCLASS'),
      classroomOf('Small class, first lesson', 'SMALLNEW'),
      classroomOf('Big class, first lesson', 'BIGNEWCL'),
    ])
    .returning({ id: classrooms.id });
  if (!smallRow || !bigRow || !smallFirstRow || !bigFirstRow) {
    throw new Error('the classrooms were not created');
  }
  const smallClassroomId = smallRow.id;
  const bigClassroomId = bigRow.id;
  const smallFirstLessonId = smallFirstRow.id;
  const bigFirstLessonId = bigFirstRow.id;
  // The fillers by number: the small class's first, then the big class's.
  await db.execute(sql`
    with filler as (
      select row_number() over (order by identity_uid) as n, id from users
      where identity_uid like 'class-size-%'
    )
    insert into members (classroom_id, user_id, status)
    select case when n < ${SMALL_CLASSROOM_MEMBERS} then ${smallClassroomId}::uuid
      else ${bigClassroomId}::uuid end, id, 'Accepted' from filler
    union all select ${smallClassroomId}::uuid, ${smallStudentId}::uuid, 'Accepted'
    union all select ${bigClassroomId}::uuid, ${bigStudentId}::uuid, 'Accepted'`);
  await db.execute(sql`
    insert into classroom_labs (classroom_id, lab_id)
    select c.id, l.id from classrooms c cross join labs l`);
  // Each member's solves: labs spread by the member's number, at times over four weeks.
  await db.execute(sql`
    with member as (
      select row_number() over (order by classroom_id, user_id) as n, classroom_id, user_id
      from members
    ), lab as (select row_number() over (order by slug) - 1 as n, id from labs)
    insert into submissions (classroom_id, lab_id, user_id, flag, correct, submitted_at)
    select m.classroom_id, l.id, m.user_id, 'flag{right}', true,
      now() - random() * interval '28 days'
    from member m cross join generate_series(0, ${SOLVES_PER_STUDENT - 1}) as k
    join lab l on l.n = (m.n * 7 + k * 3) % ${LABS}`);
  await db.execute(sql`
    with member as (
      select row_number() over (order by classroom_id, user_id) as n, classroom_id, user_id
      from members
    ), lab as (select row_number() over (order by slug) - 1 as n, id from labs)
    insert into submissions (classroom_id, lab_id, user_id, flag, correct, submitted_at)
    select m.classroom_id, l.id, m.user_id, 'flag{guess-' || k || '}', false,
      now() - random() * interval '28 days'
    from member m cross join generate_series(0, ${WRONG_SUBMISSIONS_PER_STUDENT - 1}) as k
    join lab l on l.n = (m.n + k) % ${LABS}`);
  await db.execute(sql`
    insert into solves (classroom_id, user_id, lab_id, solved_at)
    select classroom_id, user_id, lab_id, min(submitted_at) from submissions
    where correct group by classroom_id, user_id, lab_id`);
  await db.execute(sql`
    insert into hint_unlocks (classroom_id, user_id, hint_id)
    select distinct on (s.classroom_id, s.user_id) s.classroom_id, s.user_id, h.id
    from solves s join lab_hints h on h.lab_id = s.lab_id and h.position = 1
    order by s.classroom_id, s.user_id, s.solved_at`);
  await db.execute(sql`
    insert into announcements (classroom_id, author_id, body, created_at)
    select c.id, ${teacherId}::uuid, 'Lesson ' || n || ': read the **brief** first.',
      now() - (${ANNOUNCEMENTS} - n) * interval '1 day'
    from classrooms c cross join generate_series(1, ${ANNOUNCEMENTS}) as n
    where c.id in (${smallClassroomId}::uuid, ${bigClassroomId}::uuid)`);
  await db.execute(sql`
    insert into notifications (user_id, type, data, created_at)
    select m.user_id, 'Announcement',
      jsonb_build_object('classroomId', c.id, 'classroomName', c.name, 'announcementId', a.id,
        'excerpt', a.body),
      a.created_at
    from announcements a join classrooms c on c.id = a.classroom_id
    join members m on m.classroom_id = a.classroom_id`);
  await db.execute(sql`
    insert into members (classroom_id, user_id, status)
    select case when classroom_id = ${smallClassroomId}::uuid then ${smallFirstLessonId}::uuid
      else ${bigFirstLessonId}::uuid end, user_id, status from members`);
  await recountPoints(db, [smallClassroomId, bigClassroomId]);
  // Fresh statistics, as autovacuum would have gathered on a database in use.
  await db.execute(sql`analyze`);
  const [lab] = await db
    .select({ id: labs.id, slug: labs.slug })
    .from(labs)
    .where(eq(labs.slug, 'class-size-lab-01'));
  if (!lab) throw new Error('the labs were not created');
  return { smallClassroomId, bigClassroomId, smallFirstLessonId, bigFirstLessonId, lab };
}
