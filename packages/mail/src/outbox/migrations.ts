import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@hackclass/db';

/** The outbox's own migrations: whichever of the identity service and the API starts first applies them. */
export const mailMigrations: MigrationSet = {
  folder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  schema: 'mail',
  table: 'mail_migrations',
};
