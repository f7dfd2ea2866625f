import { apiMigrations, mailMigrations, schema } from '@hackclass/api';
import type { MigrationSet } from '@hackclass/db';
import { identityMigrations } from '@hackclass/identity';
import { getTableName } from 'drizzle-orm';

/** The schemas a backup versions, by the names the manifest gives them. */
export const migrationSets = {
  api: apiMigrations,
  identity: identityMigrations,
  mail: mailMigrations,
} satisfies Record<string, MigrationSet>;

export const journals: MigrationSet[] = Object.values(migrationSets);

/**
 * Tables that are not the product's rows: the migration journals (the manifest names the schema
 * version instead), the database file store's own tables (files are archived through the file
 * store, whichever kind it is) and the leases of replicas' running work.
 */
export const notData = new Set([
  ...journals.map((set) => `${set.schema}.${set.table}`),
  ...[schema.storedFiles, schema.storedFileChunks, schema.leases].map(
    (table) => `public.${getTableName(table)}`,
  ),
]);
