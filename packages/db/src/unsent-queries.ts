import postgres from 'postgres';

/**
 * Whether postgres.js failed a query with an error of severity FATAL: one that ends the session,
 * which postgres.js hands only to a query it had not sent yet (refused at connection, or the
 * stale error below). A query cut off while it runs fails with `CONNECTION_CLOSED` instead, since
 * no answer follows the FATAL one, so a query failed this way never ran.
 */
const unsent = (error: unknown) =>
  error instanceof postgres.PostgresError && error.severity === 'FATAL';

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

/**
 * `client` as Drizzle uses it (`unsafe`, awaited or with `values()`, and `begin`), sending once
 * more a query or transaction that failed before it was sent.
 *
 * postgres.js 3.4.9 keeps the error of a backend that ended during a query (57P01, "terminating
 * connection due to administrator command", when PostgreSQL restarts) and fails with it the first
 * query its connection carries once connected again, however much later: after a restart, each
 * connection that was busy then failed one request with a 503 long after the database was back
 * (porsager/postgres#1223 and #1215 describe it).
 */
export function sendingUnsentOnceMore(client: postgres.Sql): postgres.Sql {
  const unsafe = ((...args: Parameters<Unsafe>) => {
    let values = false;
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
        return onceMoreIfUnsent(send).then(onSent, onFailed);
      },
    };
    return pending;
  }) as unknown as Unsafe;

  const begin: Begin = (...args) => {
    const work = args.pop() as (sql: postgres.TransactionSql) => unknown;
    let ran = false;
    const started = (sql: postgres.TransactionSql) => {
      ran = true;
      return work(sql);
    };
    const send = () => (client.begin as Begin)(...args, started);
    return send().catch((error: unknown) => {
      if (ran || !unsent(error)) throw error;
      return send();
    });
  };

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
