import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isReachable } from '@hackclass/api/testing';
import { createTestDatabase } from '@hackclass/db/testing';
import { startServerProcess } from '@hackclass/server/testing';
import { startSmtpServer } from '../../apps/identity/testing/smtp';
import type { RunningApp } from './app';
import { launchBrowser } from './browser';

const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What two replicas need and this machine lacks, named for the skip message; empty if none. */
export async function missingForReplicas(): Promise<string[]> {
  return [
    !process.env.DATABASE_URL && !(await isReachable(POSTGRES_URL, 5432)) && 'PostgreSQL',
    !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379)) && 'Redis',
  ].filter((name): name is string => typeof name === 'string');
}

export interface Replicas {
  /** The same product on two all-in-one servers, each seen as an app of its own. */
  one: RunningApp;
  two: RunningApp;
  close(): Promise<void>;
}

/**
 * Two all-in-one servers on one PostgreSQL database and one Redis, as a school scales out: one
 * SMTP server, one browser. The first migrates the database, so they start one after the other.
 */
export async function startReplicas(): Promise<Replicas> {
  const database = await createTestDatabase(POSTGRES_URL);
  const smtp = await startSmtpServer();
  const identityAdminSecret = randomBytes(32).toString('base64url');
  const shared = {
    DATABASE_URL: database.databaseUrl ?? '',
    REDIS_URL,
    SMTP_URL: smtp.url,
    IDENTITY_ADMIN_SECRET: identityAdminSecret,
    // Each replica has a DATA_DIR of its own: the signing keys' secret is shared explicitly.
    IDENTITY_KEY_SECRET: randomBytes(32).toString('base64url'),
    IDENTITY_API_KEY: randomBytes(16).toString('hex'),
  };
  const start = () =>
    startServerProcess({ ...shared, DATA_DIR: mkdtempSync(join(tmpdir(), 'hackclass-replica-')) });
  const first = await start();
  const second = await start();
  const browser = await launchBrowser();
  const appOn = (server: typeof first): RunningApp => ({
    server,
    browser,
    smtp,
    identityAdminSecret,
    close: async () => undefined,
  });
  return {
    one: appOn(first),
    two: appOn(second),
    close: async () => {
      await browser.close();
      await Promise.all([first.stop(), second.stop()]);
      await smtp.close();
      await database.drop();
    },
  };
}
