import type postgres from 'postgres';

type Unsafe = postgres.Sql['unsafe'];

/**
 * `unsafe` of `client` whose query, awaited or with `values()`, is sent through `through` when
 * first awaited, and once however many times it is awaited, as postgres.js's own query is.
 * `send` makes the query anew each time `through` calls it.
 */
export function unsafeSentThrough(
  client: postgres.Sql,
  through: (send: () => PromiseLike<unknown>) => Promise<unknown>,
): Unsafe {
  return ((...args: Parameters<Unsafe>) => {
    let values = false;
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
        sent ??= through(send);
        return sent.then(onSent, onFailed);
      },
    };
    return pending;
  }) as unknown as Unsafe;
}
