import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { type ServerProcess, serverSchemas, startServerProcess } from '@hackclass/server/testing';
import type { Browser } from 'playwright-core';
import { startSmtpServer } from '../../apps/identity/testing/smtp';
import { launchBrowser } from './browser';

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

export interface RunningApp {
  server: ServerProcess;
  browser: Browser;
  /** The real SMTP server the app's mail goes to. */
  smtp: SmtpServer;
  /** The identity service's admin secret, for what only an operator or the API may do. */
  identityAdminSecret: string;
  close(): Promise<void>;
}

/**
 * The all-in-one server on a database of its own, mailing to a real SMTP server, and a browser;
 * `env` adds configuration, e.g. `ADMIN_EMAILS`.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const database: TestDatabase = await createTestDatabase(undefined, {
    migrated: serverSchemas,
  });
  const smtp = await startSmtpServer();
  const identityAdminSecret = randomBytes(32).toString('base64url');
  const server = await startServerProcess({
    DATA_DIR: database.dataDir,
    SMTP_URL: smtp.url,
    IDENTITY_ADMIN_SECRET: identityAdminSecret,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    smtp,
    identityAdminSecret,
    close: async () => {
      await browser.close();
      await server.stop();
      await smtp.close();
      await database.drop();
    },
  };
}
