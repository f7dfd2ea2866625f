import { ProtocolError } from '../protocol/errors';

export const MIN_PASSWORD_LENGTH = 8;
/** scrypt accepts any length, but hashing megabytes per request would be a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 1024;

export function checkNewPassword(password: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) throw new ProtocolError('WEAK_PASSWORD');
  if (length > MAX_PASSWORD_LENGTH) {
    throw new ProtocolError(
      'WEAK_PASSWORD',
      `Password should be at most ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
}
