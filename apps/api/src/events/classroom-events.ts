import { EventEmitter } from 'node:events';
import type { ClassroomEvent } from '@hackclass/contracts';

export type { ClassroomEvent };

export type ClassroomEventListener = (event: ClassroomEvent) => void;

/** Publishes a classroom's changes to everyone watching it, on this server or, through Redis, on any replica. */
export interface ClassroomEvents {
  publish(classroomId: string, event: ClassroomEvent): void;
  /** Returns the function that stops listening. */
  subscribe(classroomId: string, listener: ClassroomEventListener): () => void;
  close(): Promise<void>;
}

/** The events of one process. */
export function localClassroomEvents(): ClassroomEvents {
  const emitter = new EventEmitter();
  // One listener per open page; the limit is for leaks, which close() and unsubscribe prevent.
  emitter.setMaxListeners(0);
  return {
    publish: (classroomId, event) => void emitter.emit(classroomId, event),
    subscribe(classroomId, listener) {
      emitter.on(classroomId, listener);
      return () => emitter.off(classroomId, listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}
