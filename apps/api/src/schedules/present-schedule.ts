import type { ClassroomLabSchedule } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import { classroomLabRequirements, classroomLabs, labs, solves } from '../db/schema';
import { availabilityOf } from './availability';

interface Requirement {
  id: string;
  name: string;
  solved: boolean;
}

/**
 * The labs the classroom lab of the outer query (on `classroom_labs`) requires, by name, each
 * with whether `viewerId` solved it there.
 */
export const requirementsOf = (viewerId: string) => sql<Requirement[]>`coalesce((
  select json_agg(json_build_object('id', required.id, 'name', required.name,
    'solved', exists (select 1 from ${solves} where ${solves.classroomId} = ${classroomLabs.classroomId}
      and ${solves.userId} = ${viewerId} and ${solves.labId} = required.id))
    order by required.name, required.id)
  from ${classroomLabRequirements}
  join ${labs} as required on required.id = ${classroomLabRequirements.requiredLabId}
  where ${classroomLabRequirements.classroomId} = ${classroomLabs.classroomId}
    and ${classroomLabRequirements.labId} = ${classroomLabs.labId}), '[]'::json)`;

export interface ScheduledLabRow {
  opensAt: Date | null;
  dueAt: Date | null;
  latePercent: number;
  requires: Requirement[];
  solved: boolean;
}

/**
 * The classroom's labs as the caller sees them, with their schedules and availability:
 * students do not get the labs that have not opened yet.
 */
export function presentSchedules<Row extends ScheduledLabRow>(
  rows: Row[],
  manages: boolean,
  now: Date,
): (Omit<Row, Exclude<keyof ScheduledLabRow, 'solved'>> & ClassroomLabSchedule)[] {
  return rows.flatMap(({ opensAt, dueAt, latePercent, requires, ...row }) => {
    const availability = availabilityOf(
      {
        opensAt,
        manages,
        solved: row.solved,
        unsolvedRequirements: requires.filter((required) => !required.solved).length,
      },
      now,
    );
    if (availability === 'upcoming' && !manages) return [];
    return [
      {
        ...row,
        opensAt: opensAt?.toISOString() ?? null,
        dueAt: dueAt?.toISOString() ?? null,
        latePercent,
        requires: requires.map(({ id, name }) => ({ id, name })),
        availability,
      },
    ];
  });
}

/** The soonest opening still to come among the labs, if any. */
export function nextOpening(rows: Pick<ScheduledLabRow, 'opensAt'>[], now: Date): string | null {
  const coming = rows
    .flatMap(({ opensAt }) => (opensAt && opensAt > now ? [opensAt.getTime()] : []))
    .sort((a, b) => a - b);
  return coming[0] === undefined ? null : new Date(coming[0]).toISOString();
}
