import { fileURLToPath } from 'node:url';
import type { Database, MigrationSet } from '@hackclass/db';
import * as schema from './schema';

export { schema };
export type IdentityDatabase = Database<typeof schema>;

export const identityMigrations: MigrationSet = {
  folder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  schema: 'identity',
  table: 'identity_migrations',
};
