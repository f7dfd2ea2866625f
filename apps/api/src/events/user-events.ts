import type { UserEvent } from '@hackclass/contracts';
import { type EventBus, localEventBus } from './event-bus';

/** Publishes what concerns one user, keyed by their id, to the app wherever they have it open. */
export type UserEvents = EventBus<UserEvent>;

/** The user events of one process. */
export const localUserEvents = (): UserEvents => localEventBus();
