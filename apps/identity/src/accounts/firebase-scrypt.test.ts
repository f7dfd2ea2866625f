import { describe, expect, it } from 'vitest';
import {
  type FirebaseHashParams,
  firebaseScryptHash,
  formatFirebaseHash,
  verifyFirebaseHash,
  verifyFirebaseScrypt,
} from './firebase-scrypt';
import { needsRehash, verifyPassword } from './password-hash';

// The published example of github.com/firebase/scrypt's README: a project's parameters, one
// exported account's salt and hash, and the password that made them.
const params: FirebaseHashParams = {
  signerKey: Buffer.from(
    'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    'base64',
  ),
  saltSeparator: Buffer.from('Bw==', 'base64'),
  rounds: 8,
  memCost: 14,
};
const salt = Buffer.from('42xEC+ixf3L2lw==', 'base64');
const expected =
  'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==';
const hash = Buffer.from(expected, 'base64');

describe("Firebase's modified scrypt", () => {
  it('gives the published hash for the published password and parameters', async () => {
    expect((await firebaseScryptHash('user1password', salt, params)).toString('base64')).toBe(
      expected,
    );
    expect(await verifyFirebaseScrypt('user1password', { salt, hash }, params)).toBe(true);
  });

  it('refuses a wrong password, another salt and another signer key', async () => {
    expect(await verifyFirebaseScrypt('user1Password', { salt, hash }, params)).toBe(false);
    expect(await verifyFirebaseScrypt('', { salt, hash }, params)).toBe(false);
    const otherSalt = Buffer.from('42xEC+ixf3L2lg==', 'base64');
    expect(await verifyFirebaseScrypt('user1password', { salt: otherSalt, hash }, params)).toBe(
      false,
    );
    const otherKey = { ...params, signerKey: Buffer.alloc(64, 1) };
    expect(await verifyFirebaseScrypt('user1password', { salt, hash }, otherKey)).toBe(false);
  });

  it('keeps the parameters in the stored hash, which the sign-in reads and always re-hashes', async () => {
    const stored = formatFirebaseHash({ salt, hash }, params);
    expect(stored).toMatch(/^firebase-scrypt\$8\$14\$Bw==\$jxspr8/);
    expect(await verifyFirebaseHash('user1password', stored)).toBe(true);
    expect(await verifyPassword('user1password', stored)).toBe(true);
    expect(await verifyPassword('user2password', stored)).toBe(false);
    expect(needsRehash(stored, { N: 2, r: 1, p: 1 })).toBe(true);
  });
});
