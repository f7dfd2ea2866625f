import type { UserEvents } from '../events/user-events';
import { presentNotification } from './inbox';
import type { NotificationRow } from './notify';

/** Tells each recipient's open app of their new notification; call once its transaction committed. */
export function publishNotifications(events: UserEvents, rows: NotificationRow[]): void {
  for (const row of rows) {
    events.publish(row.userId, { type: 'notification', notification: presentNotification(row) });
  }
}
