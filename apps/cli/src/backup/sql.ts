import type { Connection } from '@hackclass/db';

/** Plain SQL with positional parameters, the same on PGlite and PostgreSQL. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Times as JSON in UTC whatever the server's zone, so one database always gives one archive. */
async function prepared<T>(sql: Sql, work: (sql: Sql) => Promise<T>): Promise<T> {
  await sql.query(`set local time zone 'UTC'`);
  return work(sql);
}

/**
 * Runs `work` in one transaction. A `snapshot` is REPEATABLE READ READ ONLY: every table is read
 * as of one moment while a server on PostgreSQL keeps writing.
 */
export function inTransaction<T>(
  connection: Connection,
  work: (sql: Sql) => Promise<T>,
  { snapshot = false }: { snapshot?: boolean } = {},
): Promise<T> {
  const mode = snapshot ? 'isolation level repeatable read read only' : 'read write';
  if (connection.kind === 'pglite') {
    return connection.client.transaction(async (tx) => {
      await tx.query(`set transaction ${mode}`);
      return prepared(
        {
          query: async <R>(text: string, params?: unknown[]) =>
            (await tx.query<R>(text, params)).rows,
        },
        work,
      );
    });
  }
  return connection.client.begin(mode, (tx) =>
    prepared(
      {
        query: async <R>(text: string, params: unknown[] = []) =>
          (await tx.unsafe(text, params as never[])) as unknown as R[],
      },
      work,
    ),
  ) as Promise<T>;
}

/** Constant strings of our own (never input) as an SQL list: `('a', 'b')`. */
export const literals = (values: string[]) =>
  `(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`;

/** An identifier quoted for SQL. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `"schema"."table"`, quoted for SQL. */
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;
