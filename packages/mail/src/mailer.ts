import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The slice of a pino logger the mailer writes to. */
export interface MailLogger {
  info(details: object, message: string): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://`; unset sends every message to the dev outbox instead. */
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: MailLogger;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The parts of a message that make the mail, always sent from `from` (MAIL_FROM), never from the message. */
const fromSender = (from: string, { to, subject, text, html }: MailMessage) => ({
  from,
  to,
  subject,
  text,
  html,
});

function outboxFileName(): string {
  const stamp = new Date().toISOString().replaceAll(':', '-');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Sends mail through SMTP when `smtpUrl` is set; otherwise writes each message as an `.eml` file
 * to `outboxDir` and logs where, so a fresh install works without a mail server. The log names the
 * file and never the links: they carry one-time codes, and logs travel further than the outbox.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail(fromSender(from, message));
      },
      close: () => transport.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (message) => {
      const info = await composer.sendMail(fromSender(from, message));
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, outboxFileName());
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the dev outbox',
      );
    },
    close: () => composer.close(),
  };
}
