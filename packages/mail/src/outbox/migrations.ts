import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@hackclass/db';

/**
 * The outbox's own migrations: whichever of the identity service and the API starts first applies
 * them. Their journal sits beside the API's, not in `mail`: the migrator makes the journal's
 * schema before the first migration, which creates `mail` itself.
 */
export const mailMigrations: MigrationSet = {
  folder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  schema: 'drizzle',
  table: 'mail_migrations',
};
