import postgres from 'postgres';
import { causedByCode } from './unavailable';
import { unsafeSentThrough } from './unsafe-sent-through';

/**
 * Whether postgres.js failed a query with an error of severity FATAL: one that ends the session,
 * which postgres.js hands only to a query it had not sent yet (refused at connection, or the
 * stale error of `aroundPostgresJsFaults`). A query cut off while it runs fails with
 * `CONNECTION_CLOSED` instead, since no answer follows the FATAL one, so a query failed this way
 * never ran.
 */
const unsent = (error: unknown) =>
  error instanceof postgres.PostgresError && error.severity === 'FATAL';

/** postgres.js's codes, and Node's, for a connection that closed under a query. */
const LOST_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'EPIPE']);

/**
 * How long a transaction whose connection closed waits for postgres.js to say so before it fails
 * by itself: postgres.js says it at once, so this is only a guard against waiting forever.
 */
const LOST_TRANSACTION_MS = 5_000;

async function onceMoreIfUnsent(send: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    return await send();
  } catch (error) {
    if (!unsent(error)) throw error;
    return send();
  }
}

type Begin = (...args: unknown[]) => Promise<unknown>;
type Work = (sql: postgres.TransactionSql) => unknown;

/**
 * `begin` whose transaction is begun once more if its BEGIN failed unsent, and whose work, when
 * its connection closes under it, is left to postgres.js to fail rather than failed by itself.
 * postgres.js answers a failed work with a ROLLBACK on the transaction's connection; on one that
 * closed, the ROLLBACK is written to no socket from a `setImmediate`, an uncaught TypeError
 * ("Cannot read properties of null (reading 'write')") that ended the whole server, and a
 * connection that never connects again (porsager/postgres#1208). PostgreSQL rolled the
 * transaction back as the connection closed, and postgres.js fails `begin` itself then.
 */
function beginOnceMore(client: postgres.Sql): Begin {
  return (...args) => {
    const work = args.pop() as Work;
    let ran = false;
    let settled = false;
    const guarded = async (sql: postgres.TransactionSql) => {
      ran = true;
      try {
        return await work(sql);
      } catch (error) {
        if (!causedByCode(error, LOST_CODES)) throw error;
        return new Promise((_, reject) => {
          setTimeout(() => settled || reject(error), LOST_TRANSACTION_MS).unref();
        });
      }
    };
    const send = () => (client.begin as Begin)(...args, guarded);
    return send()
      .catch((error: unknown) => {
        if (ran || !unsent(error)) throw error;
        return send();
      })
      .finally(() => {
        settled = true;
      });
  };
}

/**
 * `client` as Drizzle uses it (`unsafe`, awaited or with `values()`, and `begin`), around two
 * faults of postgres.js 3.4.9 that a PostgreSQL restart sets off:
 *
 * - It keeps the error of a backend that ended during a query (57P01, "terminating connection
 *   due to administrator command") and fails with it the first query its connection carries once
 *   connected again, however much later: after a restart, each connection busy at the time failed
 *   one request with a 503 long after the database was back (porsager/postgres#1223, #1215). A
 *   query or transaction that failed before it was sent is sent once more.
 * - A transaction whose connection closed under it crashed the process (see `beginOnceMore`).
 */
export function aroundPostgresJsFaults(client: postgres.Sql): postgres.Sql {
  // Sent once more if it failed unsent.
  const unsafe = unsafeSentThrough(client, onceMoreIfUnsent);
  const begin = beginOnceMore(client);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
