import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzleOver, type MigrationSet, migrate, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { type ApiDatabase, apiMigrations, schema } from '../../src/db';

/** The API's migrations as they were before the one tagged `tag` (e.g. '0008'), in a folder of their own. */
function migrationsBefore(tag: string): { set: MigrationSet; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'hackclass-migrations-'));
  cpSync(apiMigrations.folder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  writeFileSync(journalFile, JSON.stringify(journal));
  return {
    set: { ...apiMigrations, folder },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

export interface MigratedAcross {
  db: ApiDatabase;
  /** The migrations the last step applied, in order: the one tagged first. */
  applied: string[];
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

/**
 * A database of its own, migrated as it was before the migration tagged `tag`, filled by
 * `fillAsBefore`, then migrated to this code's version: how a migration meets existing data.
 */
export async function migratedAcross(
  tag: string,
  fillAsBefore: (db: ApiDatabase) => Promise<void>,
): Promise<MigratedAcross> {
  const database = await createTestDatabase();
  const connection = await openConnection(database);
  const db = drizzleOver(connection, schema);
  const before = migrationsBefore(tag);
  try {
    await migrate(connection, before.set);
  } finally {
    before.remove();
  }
  await fillAsBefore(db);
  return {
    db,
    applied: await migrate(connection, apiMigrations),
    close: async () => {
      await connection.close();
      await database.drop();
    },
  };
}
