import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { startSmtpServer } from '@hackclass/identity/testing';
import { serverSchemas } from '@hackclass/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../testing/io';
import { withOperatorServer } from './operator-server';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await database.drop();
});

const outboxFiles = () => {
  try {
    return readdirSync(join(database.dataDir, 'outbox'));
  } catch {
    return [];
  }
};

/** Rows of a raw query, whichever driver answered (PGlite wraps them, postgres.js does not). */
const rowsOf = <Row>(result: unknown): Row[] =>
  (result as { rows?: Row[] }).rows ?? (result as Row[]);

describe('the server a command runs for itself', () => {
  it('leaves the mails it causes in the outbox for the server’s own workers', async () => {
    for (const smtpUrl of [smtp.url, undefined]) {
      const io = memoryIo({
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      });
      const status = await withOperatorServer(io, async ({ db }) => {
        const inserted = await db.execute(
          sql`insert into mail.outbox (kind, to_address, subject, text_body, html_body)
              values ('password_changed', 'ada@example.org', 'Changed', 'text', '<p>html</p>')
              returning id`,
        );
        const id = rowsOf<{ id: string }>(inserted)[0]?.id;
        // Past the worker's one-second poll: a running worker would have sent it by now.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        const found = await db.execute(sql`select status from mail.outbox where id = ${id}`);
        return rowsOf<{ status: string }>(found)[0]?.status;
      });
      expect(status).toBe('queued');
    }
    expect(smtp.messages).toEqual([]);
    expect(outboxFiles()).toEqual([]);
  });
});
