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
  pruneOutbox,
} from '@hackclass/mail';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../testing/smtp';

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
  smtp.refuse.logins = false;
  smtp.refuse.acceptAfterMs = 0;
});
afterAll(async () => {
  await smtp.close();
  await connection.close();
  await database.drop();
});

function worker(
  over: Connection = connection,
  settings = { maxAttempts: 5, retrySeconds: 0.05 },
  smtpUrl = smtp.url,
): MailDelivery {
  const delivery = mailDelivery({
    db: drizzleOver(over, { outbox }),
    mailer: createMailer({
      smtpUrl,
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
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 3,
      lockedUntil: null,
      textBody: '',
      htmlBody: '',
    });
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

  it('tries again a mail the server would not log in for, and sends it once the login works', async () => {
    smtp.refuse.logins = true;
    const id = await enqueueMail(db(), mailTo('after-login@example.org'));
    const withLogin = smtp.url.replace('smtp://', 'smtp://mailer:secret@');
    worker(connection, { maxAttempts: 50, retrySeconds: 0.02 }, withLogin).start();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [row] = await db().select().from(outbox).where(eq(outbox.id, id));
      if (row?.status === 'retrying' && row.lastError?.includes('535')) break;
      if (Date.now() > deadline) throw new Error(`mail still ${row?.status}: ${row?.lastError}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const expected = smtp.expectMail('after-login@example.org');
    smtp.refuse.logins = false;
    await expected.arrived();
    expect(await rowOnceSettled(id)).toMatchObject({ status: 'sent' });
  });

  it('records a mail the server accepted even when the first two writes of it fail', async () => {
    // A trigger refuses the first two writes marking a mail sent, as a database that blips
    // would; the sequence counts them outside the writes' rolled-back transactions.
    await db().execute(sql`create sequence mail.settle_blips`);
    await db().execute(sql`
      create function mail.blip() returns trigger language plpgsql as $$
      begin
        if nextval('mail.settle_blips') <= 2 then raise exception 'the database blipped'; end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger settle_blip before update on mail.outbox
      for each row when (new.status = 'sent') execute function mail.blip()`);
    try {
      const expected = smtp.expectMail('blip@example.org');
      const id = await enqueueMail(db(), mailTo('blip@example.org'));
      const delivery = mailDelivery({
        db: db(),
        mailer: createMailer({ smtpUrl: smtp.url, from: 'x <x@localhost>', outboxDir: '', logger }),
        settings: { maxAttempts: 5, retrySeconds: 0.05 },
        log: logger,
        pollMs: 50,
        settleRetryMs: [20, 20, 20],
      });
      running.push(delivery);
      delivery.start();
      await expected.arrived();
      expect(await rowOnceSettled(id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(smtp.messages.filter((mail) => mail.to.includes('blip@example.org'))).toHaveLength(1);
    } finally {
      await db().execute(sql`drop trigger settle_blip on mail.outbox`);
      await db().execute(sql`drop function mail.blip()`);
      await db().execute(sql`drop sequence mail.settle_blips`);
    }
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

describe('a worker stopping within a deadline', () => {
  it('queues again, due now, what the mail server has not answered; an answer after counts', async () => {
    smtp.refuse.acceptAfterMs = 1_500;
    const id = await enqueueMail(db(), mailTo('slow-server@example.org'));
    const expected = smtp.expectMail('slow-server@example.org', 10_000);
    const delivery = worker();
    delivery.start();
    delivery.wake();
    for (let tries = 0; smtp.inFlight() === 0; tries += 1) {
      if (tries > 200) throw new Error('the mail never reached the mail server');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await delivery.stop({ waitMs: 100 });
    const [released] = await db().select().from(outbox).where(eq(outbox.id, id));
    expect(released).toMatchObject({ status: 'retrying', attempts: 1, lockedUntil: null });
    expect(released?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // This process lived on, and the server accepted the mail after all: it is sent, once.
    await expected.arrived();
    expect(await rowOnceSettled(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(
      smtp.messages.filter((mail) => mail.to.includes('slow-server@example.org')),
    ).toHaveLength(1);
  });
});

describe('pruning the outbox', () => {
  async function agedMail(to: string, status: 'sent' | 'failed', days: number) {
    const id = await enqueueMail(db(), mailTo(to));
    await db()
      .update(outbox)
      .set({ status, createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(outbox.id, id));
    return id;
  }
  const rowOf = async (id: string) =>
    (await db().select().from(outbox).where(eq(outbox.id, id)))[0];

  it('drops failed bodies after a week and sent rows after a month, and nothing younger', async () => {
    const failedOld = await agedMail('failed-old@example.org', 'failed', 8);
    const failedNew = await agedMail('failed-new@example.org', 'failed', 6);
    const sentOld = await agedMail('sent-old@example.org', 'sent', 31);
    const sentNew = await agedMail('sent-new@example.org', 'sent', 29);

    await pruneOutbox(db());

    expect(await rowOf(failedOld)).toMatchObject({ status: 'failed', textBody: '', htmlBody: '' });
    expect(await rowOf(failedNew)).toMatchObject({ textBody: 'the text part' });
    expect(await rowOf(sentOld)).toBeUndefined();
    expect(await rowOf(sentNew)).toMatchObject({ status: 'sent' });
  });
});
