import { ProtocolError } from '../protocol/errors';

/** RFC 5321 limits a forward path to 256 octets, brackets included. */
const MAX_EMAIL_LENGTH = 254;
// Deliberately loose: one @, no spaces or control characters, a dot in the domain.
// Deliverability is what the verification mail proves; stricter patterns only refuse real
// addresses.
const emailShape = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@.\p{Cc}]+$/u;

/** The address as stored and compared: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  const normal = email.trim().toLowerCase();
  if (normal.length > MAX_EMAIL_LENGTH || !emailShape.test(normal)) {
    throw new ProtocolError('INVALID_EMAIL');
  }
  return normal;
}
