import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The per-browser secret kept in an HttpOnly cookie. */
export const newAntiforgerySecret = () => randomBytes(32).toString('base64url');

const isSecret = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{43}$/.test(value);

const digest = (salt: string, secret: string) =>
  createHash('sha256').update(`${salt}.${secret}`).digest('base64url');

/**
 * A token only the holder of `secret` can make: a fresh salt and the digest of salt and secret.
 * Each call gives a different token, all valid for the same secret.
 */
export function createAntiforgeryToken(secret: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${digest(salt, secret)}`;
}

export function verifyAntiforgeryToken(secret: unknown, token: unknown): boolean {
  if (!isSecret(secret) || typeof token !== 'string') return false;
  const [salt, given, ...rest] = token.split('.');
  if (!salt || !given || rest.length > 0) return false;
  const expected = Buffer.from(digest(salt, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export { isSecret as isAntiforgerySecret };
