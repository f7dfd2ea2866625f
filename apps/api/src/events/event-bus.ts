import { EventEmitter } from 'node:events';

export type EventListener<Event> = (event: Event) => void;

/**
 * Publishes events under a key (a classroom's id, a user's id) to everyone listening to that
 * key, on this server or, through Redis, on any replica.
 */
export interface EventBus<Event> {
  publish(key: string, event: Event): void;
  /** Returns the function that stops listening. */
  subscribe(key: string, listener: EventListener<Event>): () => void;
  close(): Promise<void>;
}

/** The events of one process. */
export function localEventBus<Event>(): EventBus<Event> {
  const emitter = new EventEmitter();
  // One listener per open page; the limit is for leaks, which close() and unsubscribe prevent.
  emitter.setMaxListeners(0);
  return {
    publish: (key, event) => void emitter.emit(key, event),
    subscribe(key, listener) {
      emitter.on(key, listener);
      return () => emitter.off(key, listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}
