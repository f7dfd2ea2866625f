import { fileURLToPath } from 'node:url';
import type { Database, MigrationSet } from '@hackclass/db';
import * as schema from './schema';

export { schema };
export type ApiDatabase = Database<typeof schema>;

export const apiMigrations: MigrationSet = {
  folder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  schema: 'drizzle',
  table: 'api_migrations',
};
