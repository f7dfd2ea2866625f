import { z } from 'zod';

/** What changed in a classroom; open pages refetch what the event names. */
export const classroomEventSchema = z.discriminatedUnion('type', [
  /** A member solved a lab: the leaderboard and the lab list (solve counts) changed. */
  z.object({ type: z.literal('solve'), labId: z.uuid(), userId: z.uuid() }),
  /** Members changed: the roster and the leaderboard. */
  z.object({ type: z.literal('members') }),
  /** Labs were added or removed: the lab list and the leaderboard. */
  z.object({ type: z.literal('labs') }),
]);
export type ClassroomEvent = z.infer<typeof classroomEventSchema>;
export type ClassroomEventType = ClassroomEvent['type'];
