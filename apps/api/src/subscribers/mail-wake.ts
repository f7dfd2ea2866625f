import type { Subscriber } from '../domain-events/dispatcher';
import type { MailQueue } from '../mail/mail-queue';

/** Sends queued mail now rather than at the outbox's next poll. */
export const mailWake = (mail: MailQueue): Subscriber => ({
  name: 'mail wake-up',
  on: { 'mail.queued': () => mail.wake() },
});
