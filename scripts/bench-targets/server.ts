import { randomBytes } from 'node:crypto';
import { TEST_API_KEY, uniqueEmail } from '@hackclass/api/testing';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import type { TestDatabase } from '@hackclass/db/testing';
import { freePort } from '@hackclass/http/testing';
import { createLogger } from '@hackclass/logger';
import { buildServer } from '@hackclass/server';

/**
 * The all-in-one server of a benchmark, on `database`, with an admin by ADMIN_EMAILS and the
 * identity secrets the API's test helpers use; `settings` add to or override its configuration.
 * Not listening yet: `listen()` answers its origin.
 */
export async function benchServer(database: TestDatabase, settings: Record<string, string> = {}) {
  const port = await freePort();
  const adminEmail = uniqueEmail('admin');
  const adminSecret = randomBytes(32).toString('base64url');
  const config = loadConfig(serverConfigSchema, {
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    IDENTITY_API_KEY: TEST_API_KEY,
    IDENTITY_ADMIN_SECRET: adminSecret,
    ADMIN_EMAILS: adminEmail,
    ...settings,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const connection = await openConnection(config);
  const app = await buildServer(
    { config, connection, logger: createLogger('silent') },
    { webRoot: null },
  );
  return {
    app,
    connection,
    adminEmail,
    adminSecret,
    listen: () => app.listen({ port, host: '127.0.0.1' }),
  };
}
