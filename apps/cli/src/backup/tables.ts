import { notData } from './migration-sets';
import { ident, literals, qualified, type Sql } from './sql';

/** The schemas that hold the product's tables: the API's, the identity service's and the outbox's. */
export const DATA_SCHEMAS = ['public', 'identity', 'mail'];

export interface Table {
  schema: string;
  name: string;
}

export const tableId = (table: Table) => `${table.schema}.${table.name}`;

/**
 * Every table of the product's rows, parents before the tables that reference them, so rows load
 * in this order without deferring foreign keys.
 */
export async function productTables(sql: Sql): Promise<Table[]> {
  const tables = await sql.query<Table>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ${literals(DATA_SCHEMAS)}
      order by 1, 2`,
  );
  const edges = await sql.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
       from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  return dependencyOrder(
    tables.filter((table) => !notData.has(tableId(table))),
    edges,
  );
}

function dependencyOrder(tables: Table[], edges: { child: string; parent: string }[]): Table[] {
  const byId = new Map(tables.map((table) => [tableId(table), table]));
  const ordered: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string) => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting')
      throw new Error(`Tables reference each other in a cycle at ${id}`);
    state.set(id, 'visiting');
    for (const edge of edges) if (edge.child === id && byId.has(edge.parent)) visit(edge.parent);
    state.set(id, 'done');
    const table = byId.get(id);
    if (table) ordered.push(table);
  };
  for (const id of byId.keys()) visit(id);
  return ordered;
}

async function primaryKey(sql: Sql, table: Table): Promise<string[]> {
  const rows = await sql.query<{ column: string }>(
    `select a.attname as column
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [qualified(table.schema, table.name)],
  );
  return rows.map((row) => row.column);
}

/**
 * The table's rows as JSON lines in primary-key order, written by the database itself: bigint,
 * numeric, bytea (as \x hex), jsonb and timestamps (microseconds, UTC) keep every digit, because
 * JavaScript never parses them.
 */
export async function tableLines(sql: Sql, table: Table): Promise<string[]> {
  const key = await primaryKey(sql, table);
  const order = key.length > 0 ? key.map((column) => `t.${ident(column)}`).join(', ') : '1';
  const rows = await sql.query<{ line: string }>(
    `select row_to_json(t)::text as line from ${qualified(table.schema, table.name)} t order by ${order}`,
  );
  const lines = rows.map((row) => row.line);
  return key.length > 0 ? lines : lines.sort();
}

const LOAD_BATCH_ROWS = 500;

/** Inserts JSON lines made by `tableLines` into the same table of an empty database. */
export async function loadTable(sql: Sql, table: Table, lines: string[]): Promise<void> {
  const target = qualified(table.schema, table.name);
  for (let start = 0; start < lines.length; start += LOAD_BATCH_ROWS) {
    const batch = `[${lines.slice(start, start + LOAD_BATCH_ROWS).join(',')}]`;
    await sql.query(
      `insert into ${target} overriding system value
       select * from json_populate_recordset(null::${target}, $1::text::json)`,
      [batch],
    );
  }
}

/** Moves every sequence a column of `table` draws from past the loaded rows. */
export async function resetSequences(sql: Sql, table: Table): Promise<void> {
  const target = qualified(table.schema, table.name);
  const columns = await sql.query<{ column: string; sequence: string }>(
    `select attname as column, pg_get_serial_sequence($1, attname) as sequence
       from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped
        and pg_get_serial_sequence($1, attname) is not null`,
    [target],
  );
  for (const { column, sequence } of columns) {
    await sql.query(
      `select setval($1::regclass, coalesce((select max(${ident(column)}) from ${target}), 0) + 1, false)`,
      [sequence],
    );
  }
}

export async function rowCount(sql: Sql, table: Table): Promise<number> {
  const [row] = await sql.query<{ rows: number }>(
    `select count(*)::int as rows from ${qualified(table.schema, table.name)}`,
  );
  return row?.rows ?? 0;
}
