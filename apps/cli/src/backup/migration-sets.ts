import { apiMigrations } from '@hackclass/api';
import type { MigrationSet } from '@hackclass/db';
import { identityMigrations } from '@hackclass/identity';

/** The two schemas a backup versions, by the names the manifest gives them. */
export const migrationSets = { api: apiMigrations, identity: identityMigrations } satisfies Record<
  string,
  MigrationSet
>;

export const journals: MigrationSet[] = Object.values(migrationSets);
