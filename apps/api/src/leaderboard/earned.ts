import { sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { solvePoints } from './solve-points';

export interface Earned {
  points: number;
  late: boolean;
  latePercent: number;
  hintCost: number;
}

/** What a member's solve of a lab in a classroom earns now (`solvePoints`), if it counts. */
export async function earnedFor(
  db: ApiDatabase,
  classroomId: string,
  labId: string,
  userId: string,
): Promise<Earned | undefined> {
  const [row] = await db
    .select({
      points: sql<number>`earned.points`.mapWith(Number),
      late: sql<boolean>`earned.late`,
      latePercent: sql<number>`earned.late_percent`.mapWith(Number),
      hintCost: sql<number>`earned.hint_cost`.mapWith(Number),
    })
    .from(
      sql`${solvePoints(sql`s.classroom_id = ${classroomId}::uuid and s.lab_id = ${labId}::uuid`)}
        as earned`,
    )
    .where(sql`earned.user_id = ${userId}::uuid`);
  return row;
}
