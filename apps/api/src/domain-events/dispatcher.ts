import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent, DomainEventOf, DomainEventType } from './domain-event';

/** What a subscriber does with each kind of event it listens to. */
export type Handlers = {
  [Type in DomainEventType]?: (event: DomainEventOf<Type>) => void | Promise<void>;
};

/** One channel that acts on committed events: live pushes, mail, targets, metrics. */
export interface Subscriber {
  /** Named in the log when it fails. */
  name: string;
  on: Handlers;
}

export interface Dispatcher {
  /** Hands each event to every subscriber that listens to its kind, in order. */
  dispatch(events: DomainEvent[]): void;
  subscribe(subscriber: Subscriber): void;
}

/**
 * Hands committed events to subscribers, each on its own: one that throws or rejects is logged
 * and neither fails the request that committed the change nor keeps the others from their turn.
 * Subscribers join once the services they drive exist, after the database handle is made.
 */
export function createDispatcher(log: FastifyBaseLogger): Dispatcher {
  const subscribers: Subscriber[] = [];
  const failed = (subscriber: Subscriber, event: DomainEvent) => (error: unknown) =>
    log.error({ err: error, subscriber: subscriber.name, event: event.type }, 'subscriber failed');

  function deliver(subscriber: Subscriber, event: DomainEvent) {
    const handle = subscriber.on[event.type] as ((event: DomainEvent) => unknown) | undefined;
    if (!handle) return;
    try {
      const done = handle(event);
      if (done instanceof Promise) done.catch(failed(subscriber, event));
    } catch (error) {
      failed(subscriber, event)(error);
    }
  }

  return {
    dispatch(events) {
      for (const event of events) {
        for (const subscriber of subscribers) deliver(subscriber, event);
      }
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
  };
}
