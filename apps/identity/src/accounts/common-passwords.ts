import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords of public breach corpora, about 49 000 of them, as zxcvbn-ts ships
 * them (MIT). Compared case-insensitively: `Password1` is guessed as early as `password1`.
 */
const commonPasswords = new Set(
  dictionary['passwords-common'].map((password) => password.toLowerCase()),
);

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
