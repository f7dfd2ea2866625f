import type { notifications } from '../db/schema';

type NotificationRow = typeof notifications.$inferSelect;

/**
 * What happened, recorded by the domain operation that made it happen, inside its transaction.
 * Subscribers (see `subscribers/`) act on each once the transaction has committed.
 */
export type DomainEvent =
  /** A flag was checked, right or wrong. */
  | { type: 'flag.submitted'; classroomId: string; labId: string; correct: boolean }
  /** A member solved a lab for the first time: the leaderboard and the solve counts changed. */
  | { type: 'lab.solved'; classroomId: string; labId: string; userId: string }
  /** The roster or the scores of a classroom changed. */
  | { type: 'members.changed'; classroomId: string }
  /** Labs were added to a classroom, removed, rescheduled or opened. */
  | { type: 'labs.changed'; classroomId: string }
  /** An announcement was posted or deleted. */
  | { type: 'announcements.changed'; classroomId: string }
  /** A notification was written to a user's inbox. */
  | { type: 'notification.created'; notification: NotificationRow }
  /** Mail was written to the outbox. */
  | { type: 'mail.queued' }
  /** Live targets were marked `stopping`: their containers have to go. */
  | { type: 'targets.stopping'; targetIds: string[] };

export type DomainEventType = DomainEvent['type'];

export type DomainEventOf<Type extends DomainEventType> = Extract<DomainEvent, { type: Type }>;
