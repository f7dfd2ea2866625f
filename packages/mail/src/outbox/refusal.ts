/**
 * Whether a send failed for good: the SMTP server answered 5xx (RFC 5321 §4.2.1, permanent
 * negative completion), such as 550 mailbox unavailable. Everything else, 4xx answers and
 * connections that failed, may work later.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the admin view shows of a refusal: the server's answer, not a stack. */
export function refusalText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}
