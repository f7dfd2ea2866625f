import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCRYPT_PARAMS,
  hashPassword,
  needsRehash,
  scryptMemoryBytes,
  verifyPassword,
} from './password-hash';

describe('scrypt password hashes', () => {
  it('meet an OWASP minimum and store their parameters and salt with the hash', async () => {
    const { N, r, p } = CURRENT_SCRYPT_PARAMS;
    const owaspMinimum = [
      { N: 2 ** 17, r: 8, p: 1 },
      { N: 2 ** 16, r: 8, p: 2 },
      { N: 2 ** 15, r: 8, p: 3 },
    ].some((minimum) => N >= minimum.N && r >= minimum.r && p >= minimum.p);
    expect(owaspMinimum).toBe(true);

    const hash = await hashPassword('correct horse', CURRENT_SCRYPT_PARAMS);
    expect(hash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9+/=]{24}\\$`));
    expect(await hashPassword('correct horse', CURRENT_SCRYPT_PARAMS)).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
  });

  it('asks for a re-hash when the stored cost, in time or memory, is below the current', () => {
    const stored = (N: number, r: number, p: number) => `scrypt$${N}$${r}$${p}$c2FsdA==$aGFzaA==`;
    expect(needsRehash(stored(2 ** 14, 8, 1), CURRENT_SCRYPT_PARAMS)).toBe(true);
    expect(needsRehash(stored(2 ** 15, 8, 3), CURRENT_SCRYPT_PARAMS)).toBe(false);
    expect(needsRehash(stored(2 ** 16, 8, 2), CURRENT_SCRYPT_PARAMS)).toBe(false);
    expect(needsRehash(stored(2 ** 13, 8, 16), CURRENT_SCRYPT_PARAMS)).toBe(true);
    expect(scryptMemoryBytes(CURRENT_SCRYPT_PARAMS)).toBe(32 * 1024 * 1024);
  });
});
