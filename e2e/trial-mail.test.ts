import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { type ServerProcess, serverSchemas, startServerProcess } from '@hackclass/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../apps/identity/testing/smtp';
import { signUpThroughForm, testPerson } from './support/accounts';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';

// A trial install: no SMTP_URL, so every mail is a file in the dev outbox under DATA_DIR.
let database: TestDatabase;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  server = await startServerProcess({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

/** The mails in the dev outbox sent to `email`, as their raw text. */
function outboxMailsTo(email: string): string[] {
  const outbox = join(database.dataDir, 'outbox');
  return readdirSync(outbox)
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((raw) => raw.includes(email));
}

describe('a trial install without a mail server', () => {
  it('says where the verification mail went, and its link there verifies the account', async () => {
    const person = testPerson('Tess Trial', 'Teacher');
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpThroughForm(page, server.url, person);
    await page.waitForURL((url) => url.pathname.startsWith('/auth/verify-email/'));
    const note = page.getByRole('alert').filter({ hasText: 'No mail server is set up here yet' });
    await note.waitFor();
    expect(await note.textContent()).toContain('./data/outbox');
    expect(await page.getByText('Check your spam folder').count()).toBe(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/trial-mail-verify-${colorScheme}.png` });
    }

    await expect.poll(() => outboxMailsTo(person.email).length).toBe(1);
    const [raw = ''] = outboxMailsTo(person.email);
    await page.goto(linkIn({ to: [person.email], raw }).href);
    await page.getByText('Your email address is verified').waitFor();
    await context.close();
  });
});
