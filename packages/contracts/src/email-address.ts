// Without zod, so that a page that only checks an address loads no schema library
// (`@hackclass/contracts/email-address`).

/** RFC 5321 limits a forward path to 256 octets, brackets included. */
export const EMAIL_MAX_LENGTH = 254;

export const INVALID_EMAIL = 'Enter a valid email address';

/**
 * Deliberately loose: one @, no spaces or control characters, a dot in the domain.
 * Deliverability is what the verification mail proves; stricter patterns only refuse real
 * addresses.
 */
const emailShape = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@.\p{Cc}]+$/u;

/** An email address as HackClass stores and compares it: trimmed and lower-cased. */
export const normalizeEmail = (address: string) => address.trim().toLowerCase();

/**
 * Whether `address` is one HackClass takes: the identity service at sign-up, the API for an
 * invitation or a co-teacher, the web app's forms before they send it.
 */
export function isEmailAddress(address: string): boolean {
  const normal = normalizeEmail(address);
  return normal.length <= EMAIL_MAX_LENGTH && emailShape.test(normal);
}
