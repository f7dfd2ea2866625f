import { ProtocolError } from '../protocol/errors';
import { isCommonPassword } from './common-passwords';

export const MIN_PASSWORD_LENGTH = 8;
/** scrypt accepts any length, but hashing megabytes per request would be a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 1024;

const characters = (password: string) => [...password].length;

export function checkNewPassword(password: string): void {
  const length = characters(password);
  if (length < MIN_PASSWORD_LENGTH) throw new ProtocolError('WEAK_PASSWORD');
  if (length > MAX_PASSWORD_LENGTH) {
    throw new ProtocolError(
      'WEAK_PASSWORD',
      `Password should be at most ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  if (isCommonPassword(password)) {
    throw new ProtocolError(
      'WEAK_PASSWORD',
      'Password is one of the most common passwords; choose one that is harder to guess',
    );
  }
}

/**
 * No account's password is longer than MAX_PASSWORD_LENGTH, so a longer one cannot match: it is
 * refused before scrypt spends time on it.
 */
export function isPossiblePassword(password: string): boolean {
  return password.length <= MAX_PASSWORD_LENGTH * 2 && characters(password) <= MAX_PASSWORD_LENGTH;
}
