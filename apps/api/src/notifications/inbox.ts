import {
  NOTIFICATION_LIST_LIMIT,
  type Notification,
  type NotificationList,
  type NotificationType,
} from '@hackclass/contracts';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { notifications } from '../db/schema';
import type { NotificationRow } from './notify';

export const presentNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type as NotificationType,
  data: row.data,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The newest notifications of a user, and how many of all of theirs are unread. */
export async function listNotifications(
  db: ApiDatabase,
  userId: string,
): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    items: rows.map(presentNotification),
    unreadCount: unread[0]?.unread ?? 0,
  };
}

/** Marks `ids` (or, without them, all) of the user's unread notifications as read. */
export async function markNotificationsRead(
  db: ApiDatabase,
  userId: string,
  ids: string[] | undefined,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}
