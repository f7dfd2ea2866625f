import { apiMigrations, mailMigrations } from '@hackclass/api';
import type { MigrationSet } from '@hackclass/db';
import { identityMigrations } from '@hackclass/identity';

/**
 * The schemas the all-in-one server migrates as it starts, for a test database made current
 * beforehand (`createTestDatabase(url, { migrated: serverSchemas })`).
 */
export const serverSchemas: MigrationSet[] = [identityMigrations, mailMigrations, apiMigrations];
