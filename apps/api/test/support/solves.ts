import type { Lab } from '@hackclass/contracts';
import { solves } from '../../src/db/schema';
import { recountPoints } from '../../src/leaderboard/recount';
import type { ApiServer } from './api-server';
import type { Person } from './people';

const MORNING = Date.parse('2026-03-02T09:00:00Z');

/** `minutes` into a fixed morning (2 March 2026, 09:00 UTC): times a test places in order. */
export const atMinute = (minutes: number) => new Date(MORNING + minutes * 60_000);

/** A solve at `minutes` into that morning, counted as a flag submission counts it. */
export async function solveAt(
  server: ApiServer,
  classroomId: string,
  who: Person,
  lab: Lab,
  minutes: number,
) {
  await server.db
    .insert(solves)
    .values({ classroomId, userId: who.id, labId: lab.id, solvedAt: atMinute(minutes) });
  await recountPoints(server.db, [classroomId], who.id);
}
