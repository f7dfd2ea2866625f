import { isEmailAddress, normalizeEmail } from '@hackclass/contracts';
import { ProtocolError } from '../protocol/errors';

/** The address as stored and compared (see `normalizeEmail`), refused unless `isEmailAddress`. */
export function normaliseEmail(email: string): string {
  if (!isEmailAddress(email)) throw new ProtocolError('INVALID_EMAIL');
  return normalizeEmail(email);
}
