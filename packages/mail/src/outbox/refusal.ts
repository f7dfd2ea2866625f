interface SmtpError {
  responseCode?: unknown;
  command?: unknown;
  code?: unknown;
}

/** Answers that say the login or the server's own state is wrong, which an operator can fix. */
const AUTHENTICATION_CODES = new Set([530, 535]);

/**
 * Whether a send failed for good: the server refused this recipient or this message with a 5xx
 * answer (RFC 5321 §4.2.1), such as 550 mailbox unavailable or 552 message too large. Everything
 * else may work later: 4xx answers, connections that failed, and a login the server refused (EAUTH,
 * 530/535), since fixing the server's settings delivers the mails waiting for it.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, command, code } = (error ?? {}) as SmtpError;
  if (typeof responseCode !== 'number' || code === 'EAUTH') return false;
  if (AUTHENTICATION_CODES.has(responseCode)) return false;
  if (responseCode >= 550 && responseCode <= 553) return true;
  const aboutThisMail = typeof command === 'string' && /^(RCPT|DATA)\b/i.test(command);
  return aboutThisMail && responseCode >= 500 && responseCode < 600;
}

/** What the admin view shows of a refusal: the server's answer, not a stack. */
export function refusalText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}
