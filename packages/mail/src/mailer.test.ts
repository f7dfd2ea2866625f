import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { mailSamples } from '../testing';
import { createMailer } from './mailer';

const message = {
  to: 'ada@example.org',
  subject: 'Verify your email',
  text: 'Open http://localhost:3000/auth/email-verified?mode=verifyEmail&oobCode=abc to verify.',
  html: '<p><a href="http://localhost:3000/auth/email-verified">Verify</a></p>',
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function recordingLogger() {
  const lines: Array<{ details: object; message: string }> = [];
  return { lines, info: (details: object, text: string) => lines.push({ details, message: text }) };
}

describe('createMailer', () => {
  it('writes one .eml per message to the outbox and logs the file, never its links, when SMTP is unset', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'hackclass-mail-')), 'outbox');
    const logger = recordingLogger();
    const mailer = createMailer({ from: 'HackClass <no-reply@localhost>', outboxDir, logger });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'bob@example.org' });

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const eml = readFileSync(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('Subject: Verify your email');
    expect(eml).toContain('From: HackClass <no-reply@localhost>');
    expect(logger.lines[0]?.details).toMatchObject({ to: 'ada@example.org' });
    expect(JSON.stringify(logger.lines)).not.toContain('oobCode');
  });

  it('delivers through SMTP when a URL is set, every mail from MAIL_FROM', async () => {
    const received: Array<{ sender: string; raw: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const { mailFrom } = session.envelope;
          received.push({
            sender: mailFrom ? mailFrom.address : '',
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Lab School <labs@school.example>',
      outboxDir: '/nonexistent',
      logger: recordingLogger(),
    });
    closers.push(async () => mailer.close());

    await mailer.send(message);
    expect(received[0]?.raw).toContain('To: ada@example.org');
    expect(received[0]?.raw).toContain('Subject: Verify your email');

    const brand = { productName: 'HackClass', publicUrl: 'https://hackclass.school.example' };
    const templated = Object.values(mailSamples(brand, 'Smith')).map(({ mail }) => mail);
    for (const mail of templated) await mailer.send(mail);
    // A message that names a sender of its own is still sent from MAIL_FROM.
    await mailer.send({ ...message, from: 'Mallory <boss@evil.example>' } as typeof message);
    expect(received).toHaveLength(templated.length + 2);
    for (const { sender, raw } of received) {
      expect(sender).toBe('labs@school.example');
      expect(raw).toContain('From: Lab School <labs@school.example>');
      expect(raw).not.toContain('evil.example');
    }
  });
});
