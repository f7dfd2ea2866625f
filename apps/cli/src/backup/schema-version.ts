import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Connection, journalOf, type MigrationSet, migrate } from '@hackclass/db';
import { qualified, type Sql } from './sql';

/** A database whose schema this code cannot read or write. */
export class SchemaVersionError extends Error {
  override name = 'SchemaVersionError';
}

/**
 * The tag of the last migration of `set` applied to the database (drizzle's journal table holds
 * each migration's timestamp), or null when none is.
 */
export async function appliedVersion(sql: Sql, set: MigrationSet): Promise<string | null> {
  const journalTable = qualified(set.schema, set.table);
  const [exists] = await sql.query<{ found: string | null }>(
    'select to_regclass($1)::text as found',
    [journalTable],
  );
  if (!exists?.found) return null;
  const [last] = await sql.query<{ at: string | null }>(
    `select max(created_at)::text as at from ${journalTable}`,
  );
  if (!last?.at) return null;
  const entry = journalOf(set).find((candidate) => String(candidate.when) === last.at);
  if (!entry) {
    throw new SchemaVersionError(
      `The database's ${set.schema} schema has a migration this version of HackClass does not know: it was made by a newer version`,
    );
  }
  return entry.tag;
}

/** Throws unless `tag` is one of this code's migrations of `set`. */
export function assertKnownVersion(set: MigrationSet, name: string, tag: string): void {
  if (!journalOf(set).some((entry) => entry.tag === tag)) {
    throw new SchemaVersionError(
      `The archive's ${name} schema is at ${tag}, which this version of HackClass does not know: restore it with the version that made it, or a newer one`,
    );
  }
}

/**
 * Applies the migrations of `set` up to and including `tag`, no further: rows are loaded into
 * the schema they were read from, and later migrations then carry them forward as they would
 * a live database.
 */
export async function migrateTo(
  connection: Connection,
  set: MigrationSet,
  tag: string,
): Promise<void> {
  const entries = journalOf(set);
  const upTo = entries.findIndex((entry) => entry.tag === tag);
  if (upTo < 0) throw new SchemaVersionError(`Unknown ${set.schema} migration ${tag}`);
  const folder = mkdtempSync(join(tmpdir(), 'hackclass-migrations-'));
  try {
    const journal = JSON.parse(readFileSync(join(set.folder, 'meta', '_journal.json'), 'utf8'));
    mkdirSync(join(folder, 'meta'));
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: entries.slice(0, upTo + 1) }),
    );
    for (const entry of entries.slice(0, upTo + 1)) {
      copyFileSync(join(set.folder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    await migrate(connection, { ...set, folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
