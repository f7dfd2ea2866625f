import type { Classroom, MailOutbox, OutboxMail } from '@hackclass/contracts';
import { startSmtpServer } from '@hackclass/identity/testing';
import { enqueueMail, outbox } from '@hackclass/mail';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ApiServer;
let admin: Person;
let teacher: Person;

beforeAll(async () => {
  smtp = await startSmtpServer({ permanently: ['gone@example.org'] });
  server = await startApiServer({ smtpUrl: smtp.url });
  admin = await signedInAs(server, 'admin');
  teacher = await signedInAs(server, 'teacher');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const mailTo = (to: string, kind = 'password_changed') => ({
  kind,
  to,
  subject: `An invitation for ${to}`,
  text: 'Accept: http://localhost/invitations/secret-token',
  html: '<p><a href="http://localhost/invitations/secret-token">Accept</a></p>',
});

async function settled(id: string) {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await server.db.select().from(outbox).where(eq(outbox.id, id));
    if (row?.status === 'sent' || row?.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mail ${id} never settled`);
}

describe('the mail outbox for admins', () => {
  it('sends what is enqueued in a transaction, and lists sent and failed mail without bodies', async () => {
    const arrived = smtp.expectMail('ada@example.org');
    const [sentId, failedId] = await server.db.transaction(async (tx) => [
      await enqueueMail(tx, mailTo('ada@example.org')),
      await enqueueMail(tx, mailTo('gone@example.org')),
    ]);
    await arrived.arrived();
    expect((await settled(sentId as string)).status).toBe('sent');
    expect((await settled(failedId as string)).status).toBe('failed');

    const all = await admin.session.call('GET', '/admin/mail');
    expect(all.status).toBe(200);
    const page = all.json<MailOutbox>();
    expect(page.counts).toMatchObject({ sent: 1, failed: 1, queued: 0, retrying: 0 });
    expect(page.total).toBe(2);
    expect(JSON.stringify(page)).not.toContain('secret-token');

    const failed = (
      await admin.session.call('GET', '/admin/mail?status=failed')
    ).json<MailOutbox>();
    expect(failed.items).toEqual([
      expect.objectContaining({
        id: failedId,
        kind: 'password_changed',
        to: 'gone@example.org',
        status: 'failed',
        attempts: 1,
        lastError: expect.stringContaining('550'),
        sentAt: null,
      }),
    ]);
  });

  it('sends a failed mail again on an admin retry, once the cause is gone', async () => {
    const failed = (
      await admin.session.call('GET', '/admin/mail?status=failed')
    ).json<MailOutbox>();
    const id = failed.items[0]?.id ?? '';
    smtp.refuse.permanently = [];
    const arrived = smtp.expectMail('gone@example.org');
    const retried = await admin.session.call('POST', `/admin/mail/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.json<OutboxMail>()).toMatchObject({ status: 'queued', attempts: 0 });
    await arrived.arrived();
    expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 1 });

    const again = await admin.session.call('POST', `/admin/mail/${id}/retry`);
    expect(again.status).toBe(404);
  });

  it('counts the outbox by status and the attempts in the metrics', async () => {
    const metrics = (await server.app.inject('/metrics')).body;
    expect(metrics).toMatch(/hackclass_mail_outbox\{status="sent"\} 2/);
    expect(metrics).toMatch(/hackclass_mail_deliveries_total\{outcome="failed"\} 1/);
    expect(metrics).toMatch(/hackclass_mail_deliveries_total\{outcome="sent"\} 2/);
  });

  describe('refuses to send again a mail whose link no longer works', () => {
    async function failedMail(mail: ReturnType<typeof mailTo>, agedHours = 0) {
      const id = await enqueueMail(server.db, mail);
      await server.db
        .update(outbox)
        .set({
          status: 'failed',
          createdAt: sql`now() - make_interval(hours => ${agedHours})`,
        })
        .where(eq(outbox.id, id));
      return id;
    }
    const retry = (id: string) => admin.session.call('POST', `/admin/mail/${id}/retry`);

    it('a verification mail older than its code, and a reset mail older than its hour', async () => {
      const verify = await failedMail({ ...mailTo('late@example.org'), kind: 'verify_email' }, 25);
      const refused = await retry(verify);
      expect(refused.status).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'mail_link_dead',
        detail: expect.stringContaining('expired 24 hours after'),
      });
      const reset = await failedMail({ ...mailTo('late@example.org'), kind: 'reset_password' }, 2);
      expect((await retry(reset)).status).toBe(409);
      const fresh = await failedMail({ ...mailTo('fresh@example.org'), kind: 'reset_password' });
      expect((await retry(fresh)).status).toBe(200);
    });

    it('a mail whose text was cleared a week after it failed', async () => {
      const id = await failedMail({ ...mailTo('old@example.org'), kind: 'password_changed' });
      await server.db.update(outbox).set({ textBody: '', htmlBody: '' }).where(eq(outbox.id, id));
      expect((await retry(id)).json()).toMatchObject({
        code: 'mail_link_dead',
        detail: expect.stringContaining('cleared'),
      });
    });

    it('an invitation withdrawn since, and one whose link never existed', async () => {
      smtp.refuse.permanently = ['invitee@example.org'];
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'Mail 101', teacherName: 'Ada' })) {
        form.append(key, value);
      }
      const classroom = (
        await teacher.session.callMultipart('POST', '/classrooms', form)
      ).json<Classroom>();
      const members = `/classrooms/${classroom.id}/members?userEmail=invitee@example.org`;
      expect((await teacher.session.call('POST', members)).status).toBe(201);
      const [mail] = await server.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, 'invitee@example.org'));
      const invitation = await settled(mail?.id ?? '');
      expect(invitation.status).toBe('failed');

      expect((await teacher.session.call('DELETE', members)).status).toBe(204);
      expect((await retry(invitation.id)).json()).toMatchObject({
        code: 'mail_link_dead',
        detail: expect.stringContaining('withdrawn'),
      });
      const unknown = await failedMail(mailTo('nobody-invited@example.org', 'invitation'));
      expect((await retry(unknown)).json()).toMatchObject({
        detail: 'The invitation in this mail no longer exists',
      });
    });
  });
});
