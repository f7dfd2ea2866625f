import postgres from 'postgres';

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

/** Whether `error`, or one that caused it (Drizzle wraps the driver's), says the connection closed. */
function connectionLost(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (LOST_CODES.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * How long a transaction whose connection closed waits for postgres.js to say so before it fails
 * by itself: postgres.js says it at once, so this is only a guard against waiting forever.
 */
const LOST_TRANSACTION_MS = 5_000;

async function onceMoreIfUnsent<T>(send: () => PromiseLike<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!unsent(error)) throw error;
    return send();
  }
}

type Unsafe = postgres.Sql['unsafe'];
type Begin = (...args: unknown[]) => Promise<unknown>;
type Work = (sql: postgres.TransactionSql) => unknown;

/** `unsafe` whose query is sent once more if it failed unsent: awaited, or with `values()`. */
function unsafeOnceMore(client: postgres.Sql): Unsafe {
  return ((...args: Parameters<Unsafe>) => {
    let values = false;
    // Sent once however many times it is awaited, as postgres.js's own query is.
    let sent: Promise<unknown> | undefined;
    const send = () => {
      const query = client.unsafe(...args);
      return values ? query.values() : query;
    };
    const pending = {
      values() {
        values = true;
        return pending;
      },
      // biome-ignore lint/suspicious/noThenProperty: awaited in place of postgres.js's own query
      then<A, B>(onSent?: (rows: unknown) => A, onFailed?: (error: unknown) => B) {
        sent ??= onceMoreIfUnsent(send);
        return sent.then(onSent, onFailed);
      },
    };
    return pending;
  }) as unknown as Unsafe;
}

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
        if (!connectionLost(error)) throw error;
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
  const unsafe = unsafeOnceMore(client);
  const begin = beginOnceMore(client);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
