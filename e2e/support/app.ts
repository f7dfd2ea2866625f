import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { type ServerProcess, startServerProcess } from '@hackclass/server/testing';
import type { Browser } from 'playwright-core';
import { startSmtpServer } from '../../apps/identity/src/testing/smtp';
import { launchBrowser } from './browser';

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

export interface RunningApp {
  server: ServerProcess;
  browser: Browser;
  /** The real SMTP server the app's mail goes to. */
  smtp: SmtpServer;
  close(): Promise<void>;
}

/** The all-in-one server on a database of its own, mailing to a real SMTP server, and a browser. */
export async function startApp(): Promise<RunningApp> {
  const database: TestDatabase = await createTestDatabase();
  const smtp = await startSmtpServer();
  const server = await startServerProcess({
    DATA_DIR: database.dataDir,
    SMTP_URL: smtp.url,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    smtp,
    close: async () => {
      await browser.close();
      await server.stop();
      await smtp.close();
      await database.drop();
    },
  };
}
