import type { ApiDatabase } from '.';

/**
 * A query built once per database and sent as a prepared statement: Drizzle does not assemble
 * its SQL again on every request, and PostgreSQL keeps its parse and plan per connection. For the
 * reads every request makes (the caller's user, the lists); values go in as `sql.placeholder`s.
 * Inside a transaction, which is a database of its own, the query is built for that transaction.
 */
export function preparedQuery<Query>(
  name: string,
  build: (db: ApiDatabase, name: string) => Query,
): (db: ApiDatabase) => Query {
  const byDatabase = new WeakMap<ApiDatabase, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db, name);
      byDatabase.set(db, query);
    }
    return query;
  };
}
