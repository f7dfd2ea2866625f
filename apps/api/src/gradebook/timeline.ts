import {
  pageOfItems,
  type Timeline,
  type TimelineEvent,
  type TimelineQuery,
} from '@hackclass/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { members, solves, users } from '../db/schema';
import { apiErrors } from '../errors';
import { hintNumber } from '../hints/hint-number';
import { solvePoints } from '../leaderboard/solve-points';
import { memberName } from '../users/member-name';

/**
 * The student's flags sent, hints unlocked and solves that count in the classroom, as rows of one
 * shape. A solve and the flag that made it share their time: the solve reads as the newer.
 */
const eventsOf = (classroomId: string, userId: string) => sql`(
  select 'submission' as kind, s.lab_id, l.name as lab_name, s.submitted_at as at, 1 as tie,
    s.correct, s.shared_flag_owner_id, (select ${memberName} from ${users}
      where ${users.id} = s.shared_flag_owner_id) as shared_flag_owner_name,
    null::int as hint_number, null::int as cost, null::int as points, null::boolean as late
  from submissions s join labs l on l.id = s.lab_id
  where s.classroom_id = ${classroomId} and s.user_id = ${userId}
  union all
  select 'hint', h.lab_id, l.name, u.unlocked_at, 2, null, null, null,
    ${hintNumber(sql`h`)}, h.cost, null, null
  from hint_unlocks u join lab_hints h on h.id = u.hint_id join labs l on l.id = h.lab_id
  where u.classroom_id = ${classroomId} and u.user_id = ${userId}
  union all
  select 'solve', e.lab_id, l.name, e.solved_at, 0, null, null, null, null, null, e.points, e.late
  from ${solvePoints(sql`s.classroom_id = ${classroomId}`)} as e join labs l on l.id = e.lab_id
  where e.user_id = ${userId}
) as events`;

const column = <T>(name: string) => sql<T>`${sql.identifier('events')}.${sql.identifier(name)}`;

interface EventRow {
  kind: TimelineEvent['kind'];
  labId: string;
  labName: string;
  at: Date;
  correct: boolean | null;
  sharedFlagOwnerId: string | null;
  sharedFlagOwnerName: string | null;
  hintNumber: number | null;
  cost: number | null;
  points: number | null;
  late: boolean | null;
}

function toEvent(row: EventRow): TimelineEvent {
  const common = { labId: row.labId, labName: row.labName, at: row.at.toISOString() };
  if (row.kind === 'hint') {
    return { kind: 'hint', ...common, hintNumber: row.hintNumber ?? 0, cost: row.cost ?? 0 };
  }
  if (row.kind === 'solve') {
    return { kind: 'solve', ...common, points: row.points ?? 0, late: row.late ?? false };
  }
  const owner = row.sharedFlagOwnerId;
  return {
    kind: 'submission',
    ...common,
    correct: row.correct ?? false,
    sharedFlagOwner: owner === null ? null : { id: owner, name: row.sharedFlagOwnerName ?? '' },
  };
}

/** A page of a member's events in the classroom, newest first; 404 for one who is no member. */
export async function timelineOf(
  db: ApiDatabase,
  classroomId: string,
  userId: string,
  { page, pageSize }: TimelineQuery,
): Promise<Timeline> {
  const [student] = await db
    .select({ userId: users.id, name: memberName })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.classroomId, classroomId), eq(members.userId, userId)));
  if (!student) throw apiErrors.notFound('Member not found');
  const events = eventsOf(classroomId, userId);
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(events),
    db
      .select({
        kind: column<EventRow['kind']>('kind'),
        labId: column<string>('lab_id'),
        labName: column<string>('lab_name'),
        at: column<Date>('at').mapWith(solves.solvedAt),
        correct: column<boolean | null>('correct'),
        sharedFlagOwnerId: column<string | null>('shared_flag_owner_id'),
        sharedFlagOwnerName: column<string | null>('shared_flag_owner_name'),
        hintNumber: column<number | null>('hint_number'),
        cost: column<number | null>('cost'),
        points: column<number | null>('points'),
        late: column<boolean | null>('late'),
      })
      .from(events)
      .orderBy(sql`${column('at')} desc, ${column('tie')}, ${column('lab_name')}`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    student,
    events: {
      ...pageOfItems(rows.map(toEvent), total, { page, pageSize }),
    },
  };
}
