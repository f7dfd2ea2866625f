import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import { createService } from '../src/run-service';

/** A bare service of ours on a test database of its own (drop it when done). */
export async function serviceOnTestDatabase() {
  const database = await createTestDatabase();
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const connection = await openConnection(config);
  const app = await createService({ config, connection, logger: createLogger('silent') });
  return { app, connection, database };
}
