import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { Connection } from './connection';

export type Database<S extends Record<string, unknown> = Record<string, never>> = PgDatabase<
  PgQueryResultHKT,
  S
>;

/** A Drizzle database over `connection`, typed with one app's schema. */
export function drizzleOver<S extends Record<string, unknown>>(
  connection: Connection,
  schema: S,
): Database<S> {
  return connection.kind === 'pglite'
    ? drizzlePglite({ client: connection.client, schema, casing: 'snake_case' })
    : drizzlePostgres({ client: connection.client, schema, casing: 'snake_case' });
}
