import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { isFirebaseHash } from './firebase-scrypt';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's third equivalent choice (N=2^15, r=8, p=3), picked by measurement on the 2-core
 * reference machine (bench/identity.bench.ts): about 400 ms per hash against 540 ms for
 * N=2^16,p=2 and 600 ms for N=2^17,p=1, and 32 MiB per hash instead of 64 or 128 MiB. libuv
 * runs four hashes at once, so a burst of sign-ins holds 128 MiB rather than 512 MiB.
 */
export const CURRENT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt needs 128·N·r bytes; Node refuses anything above `maxmem`, so leave it room. */
export function scryptMemoryBytes({ N, r }: ScryptParams): number {
  return 128 * N * r;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 2 * scryptMemoryBytes(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}

function parse(stored: string) {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) throw new Error('unknown password hash format');
  return {
    params: { N: Number(N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

/** Checks our own hashes; imported Firebase ones need their parameters (imported-passwords). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const { params, salt, hash } = parse(stored);
  const candidate = await derive(password, salt, params);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
}

const work = ({ N, r, p }: ScryptParams) => N * r * p;

/**
 * True when `stored` costs an attacker less time or less memory than `current` would, or is an
 * imported Firebase hash: such a hash is replaced at the next successful sign-in, the only
 * moment the password is known.
 */
export function needsRehash(stored: string, current: ScryptParams): boolean {
  if (isFirebaseHash(stored)) return true;
  const { params } = parse(stored);
  return work(params) < work(current) || scryptMemoryBytes(params) < scryptMemoryBytes(current);
}

const dummyHashes = new WeakMap<ScryptParams, Promise<string>>();

/**
 * Verifies against a hash nobody owns, so an unknown email takes as long as a wrong password
 * and timing does not tell which addresses have accounts.
 */
export async function verifyAgainstNobody(password: string, params: ScryptParams): Promise<void> {
  let hash = dummyHashes.get(params);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), params);
    dummyHashes.set(params, hash);
  }
  await verifyPassword(password, await hash);
}
