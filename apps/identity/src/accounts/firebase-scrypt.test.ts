import { describe, expect, it } from 'vitest';
import {
  type FirebaseHashParams,
  firebaseScryptHash,
  formatFirebaseHash,
  parseFirebaseHash,
  verifyFirebaseScrypt,
} from './firebase-scrypt';
import { needsRehash } from './password-hash';

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

  it('stores only the parameters row id beside the salt and hash, and always re-hashes', () => {
    const stored = formatFirebaseHash({ salt, hash }, 'params1');
    expect(stored).toBe(`firebase-scrypt$params1$42xEC+ixf3L2lw==$${expected}`);
    expect(stored).not.toContain(params.signerKey.toString('base64'));
    expect(parseFirebaseHash(stored)).toEqual({ paramsId: 'params1', salt, hash });
    expect(needsRehash(stored, { N: 2, r: 1, p: 1 })).toBe(true);
  });

  it('reads a damaged stored hash as none', () => {
    for (const damaged of [
      'firebase-scrypt$',
      'firebase-scrypt$params1$salt',
      'firebase-scrypt$$c2FsdA==$aGFzaA==',
      'firebase-scrypt$8$14$Bw==$a2V5$c2FsdA==$aGFzaA==',
    ]) {
      expect(parseFirebaseHash(damaged), damaged).toBeUndefined();
    }
  });
});
