import type { Subscriber } from '../domain-events/dispatcher';
import type { UserEvents } from '../events/user-events';
import { presentNotification } from '../notifications/inbox';

/** Brings each new notification to its recipient's bell wherever they have the app open. */
export const liveNotifications = (userEvents: UserEvents): Subscriber => ({
  name: 'live notifications',
  on: {
    'notification.created': ({ notification }) =>
      userEvents.publish(notification.userId, {
        type: 'notification',
        notification: presentNotification(notification),
      }),
  },
});
