import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto';

/** A Firebase project's password hash parameters, as its console shows them. */
export interface FirebaseHashParams {
  /** `base64_signer_key`, decoded. */
  signerKey: Buffer;
  /** `base64_salt_separator`, decoded. */
  saltSeparator: Buffer;
  /** scrypt's block size r. */
  rounds: number;
  /** log2 of scrypt's cost N. */
  memCost: number;
}

/** The ranges Firebase's own `auth:import` accepts for its scrypt. */
export const FIREBASE_ROUNDS = { min: 1, max: 8 } as const;
export const FIREBASE_MEM_COST = { min: 1, max: 14 } as const;

const DERIVED_KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: FirebaseHashParams): Promise<Buffer> {
  const N = 2 ** params.memCost;
  const r = params.rounds;
  const maxmem = 2 * 128 * N * r;
  const saltAndSeparator = Buffer.concat([salt, params.saltSeparator]);
  return new Promise((resolve, reject) => {
    // Firebase hashes the password's bytes as typed: no Unicode normalisation here.
    scrypt(
      Buffer.from(password, 'utf8'),
      saltAndSeparator,
      DERIVED_KEY_LENGTH,
      { N, r, p: 1, maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Firebase's modified scrypt: the scrypt key of the password and salt‖separator encrypts the
 * project's signer key with AES-256-CTR under a zero IV; the ciphertext is the stored hash.
 */
export async function firebaseScryptHash(
  password: string,
  salt: Buffer,
  params: FirebaseHashParams,
): Promise<Buffer> {
  const key = await derive(password, salt, params);
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(params.signerKey), cipher.final()]);
}

export async function verifyFirebaseScrypt(
  password: string,
  { salt, hash }: { salt: Buffer; hash: Buffer },
  params: FirebaseHashParams,
): Promise<boolean> {
  const candidate = await firebaseScryptHash(password, salt, params);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
}

const SCHEME = 'firebase-scrypt';

/**
 * `firebase-scrypt$rounds$memCost$separator$signerKey$salt$hash`, binary parts in base64.
 *
 * The project's parameters travel in every imported hash rather than in a table of their own:
 * checking a password stays a function of the stored string alone, like our own hashes, and
 * the signer key leaves the database by itself once the last imported user has signed in and
 * been re-hashed, with nothing to clean up. The key guards nothing the hash next to it does not
 * already expose to whoever reads the row.
 */
export function formatFirebaseHash(
  { salt, hash }: { salt: Buffer; hash: Buffer },
  params: FirebaseHashParams,
): string {
  return [
    SCHEME,
    params.rounds,
    params.memCost,
    params.saltSeparator.toString('base64'),
    params.signerKey.toString('base64'),
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}

export const isFirebaseHash = (stored: string) => stored.startsWith(`${SCHEME}$`);

function parseFirebaseHash(stored: string) {
  const [scheme, rounds, memCost, separator, signerKey, salt, hash] = stored.split('$');
  if (scheme !== SCHEME || signerKey === undefined || salt === undefined || !hash) {
    throw new Error('unknown password hash format');
  }
  return {
    params: {
      rounds: Number(rounds),
      memCost: Number(memCost),
      saltSeparator: Buffer.from(separator ?? '', 'base64'),
      signerKey: Buffer.from(signerKey, 'base64'),
    },
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

export async function verifyFirebaseHash(password: string, stored: string): Promise<boolean> {
  const { params, salt, hash } = parseFirebaseHash(stored);
  return verifyFirebaseScrypt(password, { salt, hash }, params);
}
