import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what refresh tokens and out-of-band codes are made of. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the secret. A plain SHA-256 suffices: the secrets are 256
 * random bits, so there is nothing to guess that a slow hash would protect.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
