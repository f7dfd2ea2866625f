import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The per-browser secret kept in an HttpOnly cookie. */
export const newAntiforgerySecret = () => randomBytes(32).toString('base64url');

const isSecret = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{43}$/.test(value);

const digest = (salt: string, secret: string, subject: string) =>
  createHmac('sha256', secret).update(`${salt}.${subject}`).digest('base64url');

/**
 * A token only the holder of `secret` can make, for one signed-in user (`subject`, their uid, or
 * `''` before sign-in): a fresh salt and the HMAC of salt and subject under the secret. Each call
 * gives a different token, all valid for the same secret and user; one made for another user in
 * the same browser is refused.
 */
export function createAntiforgeryToken(secret: string, subject: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${digest(salt, secret, subject)}`;
}

export function verifyAntiforgeryToken(secret: unknown, token: unknown, subject: string): boolean {
  if (!isSecret(secret) || typeof token !== 'string') return false;
  const [salt, given, ...rest] = token.split('.');
  if (!salt || !given || rest.length > 0) return false;
  const expected = Buffer.from(digest(salt, secret, subject));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export { isSecret as isAntiforgerySecret };
