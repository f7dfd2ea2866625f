/** Query parameters whose values are secrets: mail codes, tokens, passwords. */
const SECRET_PARAMETER = /([?&](?:[\w.-]*(?:code|token|password|secret)[\w.-]*)=)[^&#\s"']*/gi;

export const REDACTED = '[redacted]';

/**
 * `text` with the values of secret query parameters replaced: a reset link's `oobCode` must not
 * reach the log through the URL of the request that followed it.
 */
export function redactQuery(text: string): string {
  return text.includes('=') ? text.replace(SECRET_PARAMETER, `$1${REDACTED}`) : text;
}
