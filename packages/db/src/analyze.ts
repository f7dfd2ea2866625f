import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './drizzle';

export interface TableName {
  schema: string;
  name: string;
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function qualifiedName(table: TableName | PgTable): string {
  if (!is(table, PgTable)) return `${quoted(table.schema)}.${quoted(table.name)}`;
  const { schema = 'public', name } = getTableConfig(table);
  return `${quoted(schema)}.${quoted(name)}`;
}

/**
 * Gathers the planner's statistics of `tables` now. After a bulk load they describe the tables
 * as they were before it (empty, after a restore), and the planner picks plans made for a few
 * rows until autovacuum gets round to the tables, which on PGlite it never does: a restored
 * classroom page took 4.6 s at p99 until then. Every bulk load runs this on what it loaded,
 * once it committed.
 */
export async function analyzeTables<S extends Record<string, unknown>>(
  db: Database<S>,
  tables: (TableName | PgTable)[],
): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(sql.raw(`analyze ${tables.map(qualifiedName).join(', ')}`));
}
