import type { NotificationType } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { notifications } from '../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Notifies each of `userIds` of one event, and returns the notifications made. Pass the
 * transaction of the change it reports, so the notification exists exactly when the change does.
 */
export async function notify(
  tx: ApiDatabase,
  userIds: string[],
  type: NotificationType,
  data: Record<string, string>,
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type, data })))
    .returning();
}
