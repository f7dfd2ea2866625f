import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 28 letters and digits, shaped like the uids the protocol's clients are used to. */
export function newUid(): string {
  let uid = '';
  while (uid.length < 28) {
    for (const byte of randomBytes(32)) {
      // 248 = 4·62: dropping the bytes above it keeps every character equally likely.
      if (byte < 248 && uid.length < 28) uid += alphabet[byte % 62];
    }
  }
  return uid;
}

/**
 * Uids kept from elsewhere (a Firebase export) must fit in an ID token's `sub` as Firebase's do
 * (at most 128 characters) and travel unescaped in the admin API's paths.
 */
const keptUid = /^[A-Za-z0-9._:@-]{1,128}$/;

export const isUsableUid = (uid: string) => keptUid.test(uid);
