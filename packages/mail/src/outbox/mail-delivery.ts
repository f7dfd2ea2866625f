import type { Mailer } from '../mailer';
import { retryDelaySeconds } from './backoff';
import { type ClaimedMail, claimMail, type OutboxDatabase } from './claim-mail';
import { pruneOutbox } from './prune-outbox';
import { isPermanentRefusal, refusalText } from './refusal';
import { markFailed, markRetrying, markSent, releaseMail } from './settle-mail';

export interface MailDeliverySettings {
  /** Attempts before a mail is given up as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Wait after the first refusal, doubled after each further one, at most an hour (MAIL_RETRY_SECONDS). */
  retrySeconds: number;
  /**
   * False: this process only enqueues, and the server's own workers send (a command-line tool's
   * short-lived server, which must not send the server's mails with its host's settings).
   */
  deliver?: boolean | undefined;
}

export type MailOutcome = 'sent' | 'retrying' | 'failed';

/** The slice of a pino logger the worker writes to: ids, kinds and refusals, never bodies. */
export interface DeliveryLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailDeliveryOptions {
  db: OutboxDatabase;
  mailer: Mailer;
  settings: MailDeliverySettings;
  log: DeliveryLogger;
  /** How often the outbox is looked at when nothing woke the worker; default 1 s. */
  pollMs?: number;
  /**
   * How long a claim holds a mail; default 15 min, past nodemailer's longest wait on a silent
   * server (10 min), so a slow send is never taken over and sent twice.
   */
  leaseSeconds?: number;
  /** Mails claimed and sent together. */
  batchSize?: number;
  /** How often sent rows and old failed bodies are cleared away; default 10 min. */
  pruneEveryMs?: number;
  /** Waits between tries to record a mail the server accepted; default 0.2 s, 1 s, 5 s. */
  settleRetryMs?: readonly number[];
  /** Told of every attempt's outcome, for metrics. */
  onOutcome?: ((outcome: MailOutcome, kind: string) => void) | undefined;
}

export interface MailDelivery {
  start(): void;
  /** A mail was just committed: look now instead of at the next poll. */
  wake(): void;
  /**
   * Stops polling and waits for the sends under way; past `waitMs` (a process stopping within
   * its grace), gives those still waiting for the mail server back to the queue instead.
   */
  stop(options?: { waitMs?: number }): Promise<void>;
}

/**
 * The outbox's worker: claims due mails, sends each through `mailer`, and records the outcome.
 * A temporary refusal (SMTP 4xx, no connection) is tried again later with a doubling wait; a
 * permanent one (5xx to the recipient or the message), or running out of attempts, fails the
 * mail for an admin to see. Delivery is at least once: a crash between the server accepting a
 * mail and recording it as sent sends it again when its claim lapses.
 */
export function mailDelivery({
  db,
  mailer,
  settings,
  log,
  pollMs = 1000,
  leaseSeconds = 15 * 60,
  batchSize = 10,
  pruneEveryMs = 10 * 60 * 1000,
  settleRetryMs = [200, 1000, 5000],
  onOutcome,
}: MailDeliveryOptions): MailDelivery {
  let running = false;
  let prunedAt = Number.NEGATIVE_INFINITY;
  let loop: Promise<void> | undefined;
  let woken = false;
  let wakeUp: (() => void) | undefined;

  const tell = (outcome: MailOutcome, kind: string) => onOutcome?.(outcome, kind);
  /** Mails handed to the mail server and not answered yet. */
  const sending = new Map<string, ClaimedMail>();

  async function deliver(mail: ClaimedMail): Promise<void> {
    const about = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts };
    sending.set(mail.id, mail);
    try {
      await mailer.send({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (error) {
      sending.delete(mail.id);
      const refusal = refusalText(error);
      if (isPermanentRefusal(error) || mail.attempts >= settings.maxAttempts) {
        await markFailed(db, mail, refusal);
        log.warn({ ...about, refusal }, 'mail failed for good');
        tell('failed', mail.kind);
      } else {
        const delaySeconds = retryDelaySeconds(mail.attempts, settings.retrySeconds);
        await markRetrying(db, mail, { error: refusal, delaySeconds });
        log.info({ ...about, refusal, delaySeconds }, 'mail refused, to be tried again');
        tell('retrying', mail.kind);
      }
      return;
    }
    // Accepted: a stop must not queue it again, even while recording that is still under way.
    sending.delete(mail.id);
    await recordSent(mail, about);
    tell('sent', mail.kind);
  }

  /**
   * The server has the mail: losing that now would send it again once the claim lapses, so a
   * failed write is tried a few more times before the claim is left to lapse.
   */
  async function recordSent(mail: ClaimedMail, about: object): Promise<void> {
    for (const waitMs of [...settleRetryMs, undefined]) {
      try {
        return await markSent(db, mail);
      } catch (error) {
        if (waitMs === undefined) throw error;
        log.warn({ ...about, err: error, waitMs }, 'recording a sent mail failed, trying again');
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  /** Sends what is due, batch after batch while full batches keep coming. */
  async function drainDue(): Promise<void> {
    for (;;) {
      const claimed = await claimMail(db, { limit: batchSize, leaseSeconds });
      // Every send is waited for, even when one fails, so stop() returns with none under way.
      const settled = await Promise.allSettled(claimed.map(deliver));
      for (const result of settled) {
        if (result.status === 'rejected') {
          log.error({ err: result.reason }, 'recording a mail outcome failed');
        }
      }
      if (claimed.length < batchSize || !running) return;
    }
  }

  function pause(): Promise<void> {
    return new Promise((resolve) => {
      if (woken || !running) return resolve();
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      try {
        if (Date.now() - prunedAt >= pruneEveryMs) {
          await pruneOutbox(db);
          prunedAt = Date.now();
        }
        await drainDue();
      } catch (error) {
        // The database is away or a write failed: claims lapse, the next round takes them up.
        log.error({ err: error }, 'mail delivery round failed');
      }
      await pause();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop({ waitMs } = {}) {
      running = false;
      wakeUp?.();
      const finished = loop ?? Promise.resolve();
      loop = undefined;
      if (waitMs === undefined) return finished;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), waitMs);
      });
      const outcome = await Promise.race([finished, late]).finally(() => clearTimeout(timer));
      if (outcome !== 'late') return;
      const unanswered = [...sending.values()];
      log.warn(
        { mailIds: unanswered.map((mail) => mail.id), waitMs },
        'stopping with mails unanswered by the mail server: queued again',
      );
      await releaseMail(db, unanswered);
    },
  };
}
