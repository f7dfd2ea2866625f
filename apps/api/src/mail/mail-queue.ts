import type { Connection } from '@hackclass/db';
import { addMailOutboxMetrics } from '@hackclass/http';
import { joinMailDelivery, type MailDeliverySettings, type Mailer } from '@hackclass/mail';
import type { FastifyInstance } from 'fastify';

/** Wakes this process's outbox worker: queued mail goes out now (see `queueMail`). */
export interface MailQueue {
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue;
  }
}

export interface MailQueueOptions {
  connection: Connection;
  mailer: Mailer;
  settings: MailDeliverySettings;
}

/** Joins this process's outbox worker (the identity service's, in the all-in-one server). */
export function useMailQueue(
  app: FastifyInstance,
  { connection, mailer, settings }: MailQueueOptions,
) {
  const joined = joinMailDelivery(connection, {
    mailer,
    settings,
    log: app.log,
    onOutcome: (outcome) => app.metrics.mailDeliveries.inc({ outcome }),
  });
  app.addHook('onClose', joined.leave);
  addMailOutboxMetrics(app.metrics.registry, connection);
  app.decorate('mail', { wake: () => joined.delivery.wake() });
}
