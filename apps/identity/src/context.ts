import type { Mailer, MailMessage } from '@hackclass/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { HashingGate } from './accounts/hashing-gate';
import type { ScryptParams } from './accounts/password-hash';
import type { IdentityDatabase } from './db';
import type { Limit } from './throttle/throttle';
import type { KeySealer } from './tokens/key-sealing';
import type { KeyStore } from './tokens/key-store';

/** What the identity service's functions share: its database, clock, keys and settings. */
export interface IdentityContext {
  db: IdentityDatabase;
  now: () => Date;
  projectId: string;
  apiKey: string;
  /** The origin users reach; mail links and allowed continue URLs live on it. */
  publicUrl: string;
  keys: KeyStore;
  /** Seals new private signing keys for the database. */
  keySealer: KeySealer;
  passwordParams: ScryptParams;
  /** Every scrypt of this process goes through it, so sign-ins never queue behind sign-ups. */
  hashing: HashingGate;
  /** Sign-ups per client address (SIGNUP_LIMIT_PER_HOUR). */
  signUpLimit: Limit;
  /** Sends without making the request wait, so a reply's timing never depends on mail. */
  sendMail(message: MailMessage): void;
  log: FastifyBaseLogger;
}

/**
 * Mail sent in the background, remembered until it is done, so closing the app waits for it
 * instead of dropping a reset mail that was already promised.
 */
export function backgroundMailer(mailer: Mailer, log: () => FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    send(message: MailMessage): void {
      const sending = mailer
        .send(message)
        .catch((error: unknown) => log().error({ err: error, to: message.to }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain(): Promise<void> {
      await Promise.all(pending);
    },
  };
}
