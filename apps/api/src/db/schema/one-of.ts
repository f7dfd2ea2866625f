import { type SQL, sql } from 'drizzle-orm';

/** `column in ('a', 'b', …)` for a check constraint or a partial index over a fixed list. */
export const oneOf = (column: unknown, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
