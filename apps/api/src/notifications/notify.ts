import type { NotificationType } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { notifications } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a notification about a lab of a classroom names and links to. */
export const labNotice = (
  classroom: { id: string; name: string },
  lab: { id: string; name: string; slug: string },
) => ({
  classroomId: classroom.id,
  classroomName: classroom.name,
  labId: lab.id,
  labName: lab.name,
  labSlug: lab.slug,
});

/**
 * Notifies each of `userIds` of one event: a notification in their inbox, and on their bell as
 * soon as it is committed. Pass the transaction of the change it reports, so the notification
 * exists exactly when the change does.
 */
export async function notify(
  tx: ApiDatabase,
  userIds: string[],
  type: NotificationType,
  data: Record<string, string>,
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type, data })))
    .returning();
  for (const notification of rows) recordEvent(tx, { type: 'notification.created', notification });
}
