import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { mailMigrations } from '@hackclass/mail';
import { type ApiDatabase, apiMigrations, schema } from '../../src/db';

export interface TestApiDatabase {
  db: ApiDatabase;
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

/**
 * A database of the test file's own with the API's schema: PGlite, or a database made for it on
 * the PostgreSQL server of DATABASE_URL.
 */
export async function testApiDatabase(): Promise<TestApiDatabase> {
  const database = await createTestDatabase(undefined, {
    migrated: [apiMigrations, mailMigrations],
  });
  const connection = await openConnection(database);
  return {
    db: drizzleOver(connection, schema),
    close: async () => {
      await connection.close();
      await database.drop();
    },
  };
}
