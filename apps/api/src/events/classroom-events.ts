import type { ClassroomEvent } from '@hackclass/contracts';
import { type EventBus, type EventListener, localEventBus } from './event-bus';

export type { ClassroomEvent };

export type ClassroomEventListener = EventListener<ClassroomEvent>;

/** Publishes a classroom's changes, keyed by its id, to everyone watching it. */
export type ClassroomEvents = EventBus<ClassroomEvent>;

/** The classroom events of one process. */
export const localClassroomEvents = (): ClassroomEvents => localEventBus();
