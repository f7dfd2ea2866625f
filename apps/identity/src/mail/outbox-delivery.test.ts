import { type Connection, drizzleOver, migrate, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import {
  claimMail,
  createMailer,
  enqueueMail,
  type MailDelivery,
  mailDelivery,
  mailMigrations,
  outbox,
} from '@hackclass/mail';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../testing/smtp';

let database: TestDatabase;
let connection: Connection;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logger = createLogger('silent');
const running: MailDelivery[] = [];

const db = () => drizzleOver(connection, { outbox });

beforeAll(async () => {
  database = await createTestDatabase();
  connection = await openConnection(database);
  await migrate(connection, mailMigrations);
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.stop()));
  smtp.refuse.temporarily = 0;
  smtp.refuse.permanently = [];
});
afterAll(async () => {
  await smtp.close();
  await connection.close();
  await database.drop();
});

function worker(
  over: Connection = connection,
  settings = { maxAttempts: 5, retrySeconds: 0.05 },
): MailDelivery {
  const delivery = mailDelivery({
    db: drizzleOver(over, { outbox }),
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: 'HackClass <no-reply@localhost>',
      outboxDir: database.dataDir,
      logger,
    }),
    settings,
    log: logger,
    pollMs: 50,
  });
  running.push(delivery);
  return delivery;
}

const mailTo = (to: string) => ({
  kind: 'verify_email',
  to,
  subject: 'Verify your email',
  text: 'the text part',
  html: '<p>the html part</p>',
});

async function rowOnceSettled(id: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await db().select().from(outbox).where(eq(outbox.id, id));
    if (row && (row.status === 'sent' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`mail ${id} still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the outbox worker', () => {
  it('tries a mail refused twice with 451 again, later each time, and delivers it', async () => {
    smtp.refuse.temporarily = 2;
    const expected = smtp.expectMail('greylisted@example.org', 10_000);
    const id = await enqueueMail(db(), mailTo('greylisted@example.org'));
    const started = Date.now();
    worker().start();

    const mail = await expected.arrived();
    expect(mail.raw).toContain('Subject: Verify your email');
    const row = await rowOnceSettled(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(smtp.refusedCount()).toBeGreaterThanOrEqual(2);
    // 0.05 s, then 0.1 s: the second wait doubled the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('fails a mail refused with 550 at once, keeping the refusal for the admin view', async () => {
    smtp.refuse.permanently = ['nobody@example.org'];
    const id = await enqueueMail(db(), mailTo('nobody@example.org'));
    worker().start();
    const row = await rowOnceSettled(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('550');
    expect(row.sentAt).toBeNull();
  });

  it('gives a mail up once it has used every attempt', async () => {
    smtp.refuse.temporarily = 1_000;
    const id = await enqueueMail(db(), mailTo('always-later@example.org'));
    worker(connection, { maxAttempts: 3, retrySeconds: 0.02 }).start();
    const row = await rowOnceSettled(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.lastError).toContain('451');
  });

  it('sends each of 50 mails exactly once with two workers on one database', async () => {
    const second = database.databaseUrl ? await openConnection(database) : connection;
    try {
      const addresses = Array.from({ length: 50 }, (_, index) => `pair-${index}@example.org`);
      const before = smtp.messages.length;
      const ids = await Promise.all(addresses.map((to) => enqueueMail(db(), mailTo(to))));
      const [one, two] = [worker(), worker(second)];
      one.start();
      two.start();
      for (const id of ids) await rowOnceSettled(id);
      const received = smtp.messages.slice(before).flatMap((mail) => mail.to);
      expect(received.toSorted()).toEqual(addresses.toSorted());
      const rows = await db().select().from(outbox).where(inArray(outbox.id, ids));
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(running.splice(0).map((delivery) => delivery.stop()));
      if (second !== connection) await second.close();
    }
  });

  it('delivers what a process enqueued and stopped before sending, after a restart', async () => {
    const id = await enqueueMail(db(), mailTo('after-restart@example.org'));
    const stopped = worker();
    await stopped.stop();
    const expected = smtp.expectMail('after-restart@example.org');
    worker().start();
    await expected.arrived();
    expect(await rowOnceSettled(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('takes up a mail whose sender died holding its claim, once the claim lapses', async () => {
    const id = await enqueueMail(db(), mailTo('orphaned@example.org'));
    const [claimed] = await claimMail(db(), { limit: 1, leaseSeconds: 0.3 });
    expect(claimed).toMatchObject({ id, status: 'sending', attempts: 1 });
    const expected = smtp.expectMail('orphaned@example.org');
    worker().start();
    await expected.arrived();
    expect(await rowOnceSettled(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('waits for the sends under way when it stops', async () => {
    const ids = await Promise.all(
      ['stop-1@example.org', 'stop-2@example.org'].map((to) => enqueueMail(db(), mailTo(to))),
    );
    const delivery = worker();
    delivery.start();
    delivery.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await delivery.stop();
    const rows = await db().select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.map((row) => row.status).filter((status) => status === 'sending')).toEqual([]);
  });
});
