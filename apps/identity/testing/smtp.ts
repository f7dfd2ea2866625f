import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpRefusals {
  /** Answers the first this many messages with 451 (try again later), as a greylisting server would. */
  temporarily?: number;
  /** Recipients refused for good with 550 (no such mailbox). */
  permanently?: string[];
  /** Refuses every login with 535, as a server would after its password changed. */
  logins?: boolean;
  /**
   * Accepts each message this long after its data arrived, as a slow or distant server does:
   * the mail is in flight meanwhile. A message whose sender hangs up before the acceptance is
   * not kept, as RFC 5321 §4.1.1.4 has it: the server has not taken responsibility for it.
   */
  acceptAfterMs?: number;
}

function refusal(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * A real SMTP server on a free port that keeps every message it receives, and refuses the ones
 * `refuse` says (changeable while it runs, through `refuse`).
 */
export async function startSmtpServer(refusals: SmtpRefusals = {}) {
  const messages: ReceivedMail[] = [];
  const refuse = {
    temporarily: refusals.temporarily ?? 0,
    permanently: refusals.permanently ?? [],
    logins: refusals.logins ?? false,
    acceptAfterMs: refusals.acceptAfterMs ?? 0,
  };
  /** Connections whose sender hung up. */
  const closed = new Set<string>();
  /** Messages whose data arrived and that wait for their acceptance. */
  let waiting = 0;
  let refused = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, done) {
      if (refuse.logins) return done(refusal(535, 'Authentication credentials invalid'));
      done(null, { user: 'tests' });
    },
    onRcptTo(address, _session, done) {
      if (refuse.permanently.includes(address.address)) {
        return done(refusal(550, 'No such mailbox here'));
      }
      if (refused < refuse.temporarily) {
        refused += 1;
        return done(refusal(451, 'Try again later'));
      }
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        waiting += 1;
        if (refuse.acceptAfterMs > 0) await sleep(refuse.acceptAfterMs);
        waiting -= 1;
        if (closed.has(session.id)) return done(refusal(421, 'The sender hung up'));
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        done();
      });
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse,
    /** Messages refused with 451 so far. */
    refusedCount: () => refused,
    /** Messages whose data arrived and whose acceptance is still to come (`acceptAfterMs`). */
    inFlight: () => waiting,
    /** Starts watching now, so a mail sent between this call and the await is not missed. */
    expectMail: (to: string, timeoutMs?: number) => {
      const seen = new Set(messages);
      return {
        async arrived(): Promise<ReceivedMail> {
          const deadline = Date.now() + (timeoutMs ?? 5_000);
          for (;;) {
            const found = messages.find((mail) => !seen.has(mail) && mail.to.includes(to));
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
            await new Promise<void>((resolve) => {
              waiters.push(resolve);
              setTimeout(resolve, 100);
            });
          }
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The action link of a mail, decoded from its quoted-printable text part. */
export function linkIn(mail: ReceivedMail): URL {
  const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<>]+oobCode=[^\s"<>]+/.exec(unfolded);
  if (!match) throw new Error('no action link in the mail');
  return new URL(match[0].replaceAll('&amp;', '&'));
}
