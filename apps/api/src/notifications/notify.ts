import type { NotificationType } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { notifications } from '../db/schema';

/**
 * Notifies each of `userIds` of one event. Pass the transaction of the change it reports, so
 * the notification exists exactly when the change does.
 */
export async function notify(
  tx: ApiDatabase,
  userIds: string[],
  type: NotificationType,
  data: Record<string, string>,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, type, data })));
}
