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
 * `firebase-scrypt$<paramsId>$salt$hash`, salt and hash in base64. The project's parameters are
 * kept once, in their own table (the signer key sealed): the signer key is a pepper, so beside
 * every hash it would let a copy of the accounts table be cracked offline, and it still protects
 * the Firebase project the users came from.
 */
export function formatFirebaseHash(
  { salt, hash }: { salt: Buffer; hash: Buffer },
  paramsId: string,
): string {
  return [SCHEME, paramsId, salt.toString('base64'), hash.toString('base64')].join('$');
}

export const isFirebaseHash = (stored: string) => stored.startsWith(`${SCHEME}$`);

/** The parts of an imported hash, or undefined when the stored string is damaged. */
export function parseFirebaseHash(
  stored: string,
): { paramsId: string; salt: Buffer; hash: Buffer } | undefined {
  const parts = stored.split('$');
  const [scheme, paramsId, salt, hash] = parts;
  if (parts.length !== 4 || scheme !== SCHEME || !paramsId || !salt || !hash) return undefined;
  return { paramsId, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}
