import nodemailer from 'nodemailer';

const TIMEOUT_MS = 3_000;
/** Readiness probes come every few seconds; the mail server hears from us at most this often. */
const CACHE_MS = 30_000;

export interface SmtpStatus {
  status: 'ok' | 'degraded';
  detail?: string;
}

/**
 * Whether the SMTP server takes a connection and answers EHLO (and the login, when the URL holds
 * one), remembered for half a minute. Mail waits while it is down: the check degrades.
 */
export function smtpReadiness(
  smtpUrl: string,
  { cacheMs = CACHE_MS, now = Date.now }: { cacheMs?: number; now?: () => number } = {},
): () => Promise<SmtpStatus> {
  let last: { at: number; result: Promise<SmtpStatus> } | undefined;
  const verify = async (): Promise<SmtpStatus> => {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    });
    try {
      await transport.verify();
      return { status: 'ok' };
    } catch (error) {
      return { status: 'degraded', detail: `SMTP: ${(error as Error).message}` };
    } finally {
      transport.close();
    }
  };
  return () => {
    if (!last || now() - last.at >= cacheMs) last = { at: now(), result: verify() };
    return last.result;
  };
}
