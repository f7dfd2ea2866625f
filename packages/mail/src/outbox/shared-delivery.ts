import { type Connection, drizzleOver } from '@hackclass/db';
import { type MailDelivery, type MailDeliveryOptions, mailDelivery } from './mail-delivery';
import { outbox } from './schema';

/**
 * How long a stopping process waits for the mail server's answers: within the shutdown grace
 * that is left once requests drained. Mails still unanswered then are queued again.
 */
export const STOP_WAIT_MS = 2_000;

const shared = new WeakMap<Connection, { delivery: MailDelivery; users: number }>();

export interface SharedMailDelivery {
  delivery: MailDelivery;
  /** Stops the worker once every app that joined it has left. */
  leave(): Promise<void>;
}

const idle: SharedMailDelivery = {
  delivery: { start() {}, wake() {}, stop: async () => {} },
  leave: async () => {},
};

/**
 * The one running worker for this database connection. The identity service and the API each
 * join when they start: alone, each runs its own; in one process (the all-in-one server) they
 * share one, made with the options of whichever joined first (both come from one configuration).
 * With `deliver: false` in the settings nothing runs: mails wait for another process's worker.
 */
export function joinMailDelivery(
  connection: Connection,
  options: Omit<MailDeliveryOptions, 'db'>,
): SharedMailDelivery {
  if (options.settings.deliver === false) return idle;
  let entry = shared.get(connection);
  if (!entry) {
    const delivery = mailDelivery({ ...options, db: drizzleOver(connection, { outbox }) });
    delivery.start();
    entry = { delivery, users: 0 };
    shared.set(connection, entry);
  }
  entry.users += 1;
  const joined = entry;
  let left = false;
  return {
    delivery: joined.delivery,
    async leave() {
      if (left) return;
      left = true;
      joined.users -= 1;
      if (joined.users > 0) return;
      shared.delete(connection);
      await joined.delivery.stop({ waitMs: STOP_WAIT_MS });
    },
  };
}
