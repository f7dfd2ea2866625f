import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MigrationSet } from '@hackclass/db';
import { apiMigrations } from '../../src/db';

/** The API's migrations as they were before the one tagged `tag` (e.g. '0008'), in a folder of their own. */
export function migrationsBefore(tag: string): { set: MigrationSet; remove(): void } {
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
