import { z } from 'zod';
import { notificationSchema } from './notifications';

/** What changed in a classroom; open pages refetch what the event names. */
export const classroomEventSchema = z.discriminatedUnion('type', [
  /** A member solved a lab: the leaderboard and the lab list (solve counts) changed. */
  z.object({ type: z.literal('solve'), labId: z.uuid(), userId: z.uuid() }),
  /** Members changed: the roster and the leaderboard. */
  z.object({ type: z.literal('members') }),
  /** Labs were added or removed: the lab list and the leaderboard. */
  z.object({ type: z.literal('labs') }),
  /** A teacher posted or deleted an announcement: the overview's list. */
  z.object({ type: z.literal('announcement') }),
]);
export type ClassroomEvent = z.infer<typeof classroomEventSchema>;
export type ClassroomEventType = ClassroomEvent['type'];

/** What concerns one user wherever they have the app open. */
export const userEventSchema = z.discriminatedUnion('type', [
  /** A notification came: the menu refetches, and some kinds show a toast. */
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
]);
export type UserEvent = z.infer<typeof userEventSchema>;
