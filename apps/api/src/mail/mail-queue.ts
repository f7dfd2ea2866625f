import type { Connection, Database } from '@hackclass/db';
import { addMailOutboxMetrics } from '@hackclass/http';
import {
  enqueueMail,
  joinMailDelivery,
  type MailDeliverySettings,
  type Mailer,
  type QueuedMail,
} from '@hackclass/mail';
import type { FastifyInstance } from 'fastify';

/**
 * How API code sends mail: `enqueue` inside the transaction that decides the mail, so it exists
 * exactly when that decision is committed, then `wake` once committed, so it goes out now:
 *
 *   await app.db.transaction(async (tx) => { …; await app.mail.enqueue(tx, mail); });
 *   app.mail.wake();
 */
export interface MailQueue {
  enqueue(tx: Database<Record<string, unknown>>, mail: QueuedMail): Promise<string>;
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
  app.decorate('mail', { enqueue: enqueueMail, wake: () => joined.delivery.wake() });
}
