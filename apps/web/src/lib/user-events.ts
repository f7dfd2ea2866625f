import type { UserEvent } from '@hackclass/contracts';
import { type EventStreamHandlers, useEventStream } from './event-stream';
import type { EventTypes } from './known-event';

const USER_EVENT_TYPES: EventTypes<UserEvent> = { notification: true };

/**
 * Calls `onEvent` for each event of the signed-in user (a new notification) while the component
 * is mounted and `signedIn`; `onReconnect` after a break, whose events were missed.
 */
export function useUserEvents(
  signedIn: boolean,
  onEvent: EventStreamHandlers<UserEvent>['onEvent'],
  onReconnect?: EventStreamHandlers<UserEvent>['onReconnect'],
): void {
  useEventStream(signedIn ? '/users/me/events' : undefined, USER_EVENT_TYPES, onEvent, onReconnect);
}
