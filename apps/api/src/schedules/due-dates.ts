import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import {
  classroomLabRequirements,
  classroomLabs,
  classrooms,
  labs,
  members,
  solves,
} from '../db/schema';
import { classroomLabColumns } from './classroom-lab-columns';

const DUE_DATES = 10;

type LabColumn = typeof classroomLabs.labId | typeof classroomLabRequirements.requiredLabId;

/** The user solved the lab in `labColumn` in the classroom of the outer `classroom_labs` row. */
const solvedHere = (userId: string, labColumn: LabColumn) =>
  sql`exists (select 1 from ${solves} where ${solves.classroomId} = ${classroomLabs.classroomId}
    and ${solves.userId} = ${userId} and ${solves.labId} = ${labColumn})`;

/**
 * The labs with a due date the user still has to solve in the classrooms they were accepted
 * into: opened, not locked to them, unsolved; soonest first, so the late ones lead.
 */
export async function dueDatesOf(db: ApiDatabase, userId: string) {
  const rows = await db
    .select({
      ...classroomLabColumns,
      dueAt: classroomLabs.dueAt,
      latePercent: classroomLabs.latePercent,
    })
    .from(classroomLabs)
    .innerJoin(
      members,
      and(
        eq(members.classroomId, classroomLabs.classroomId),
        eq(members.userId, userId),
        eq(members.status, 'Accepted'),
      ),
    )
    .innerJoin(classrooms, eq(classrooms.id, classroomLabs.classroomId))
    .innerJoin(labs, eq(labs.id, classroomLabs.labId))
    .where(
      and(
        isNotNull(classroomLabs.dueAt),
        sql`(${classroomLabs.opensAt} is null or ${classroomLabs.opensAt} <= now())`,
        sql`not ${solvedHere(userId, classroomLabs.labId)}`,
        sql`not exists (select 1 from ${classroomLabRequirements}
          where ${classroomLabRequirements.classroomId} = ${classroomLabs.classroomId}
            and ${classroomLabRequirements.labId} = ${classroomLabs.labId}
            and not ${solvedHere(userId, classroomLabRequirements.requiredLabId)})`,
      ),
    )
    .orderBy(asc(classroomLabs.dueAt), asc(labs.name))
    .limit(DUE_DATES);
  const now = Date.now();
  return rows.flatMap(({ dueAt, ...row }) =>
    dueAt ? [{ ...row, dueAt: dueAt.toISOString(), late: dueAt.getTime() < now }] : [],
  );
}
