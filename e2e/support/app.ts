import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { type ServerProcess, startServerProcess } from '@hackclass/server/testing';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

export interface RunningApp {
  server: ServerProcess;
  browser: Browser;
  close(): Promise<void>;
}

/** The all-in-one server on a database of its own, and a browser to drive it. */
export async function startApp(): Promise<RunningApp> {
  const database: TestDatabase = await createTestDatabase();
  const server = await startServerProcess({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
      await database.drop();
    },
  };
}
