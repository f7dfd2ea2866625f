import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 15 random bytes are 120 bits: exactly 24 base32 characters. */
const RANDOM_BYTES = 15;

/** A per-student target flag: the teacher's prefix, 24 unguessable characters, their suffix. */
export function newTargetFlag(prefix: string, suffix: string): string {
  const bytes = randomBytes(RANDOM_BYTES);
  let bits = 0;
  let value = 0;
  let body = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      body += BASE32[(value >>> bits) & 31];
    }
  }
  return `${prefix}${body}${suffix}`;
}
