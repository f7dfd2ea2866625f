import { createHash, hkdfSync } from 'node:crypto';
import { StartupError } from '@hackclass/http';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader, type JWK } from 'jose';

/** Seals private signing keys for the database and opens them again. */
export interface KeySealer {
  seal(jwk: JWK): Promise<string>;
  open(sealed: string): Promise<JWK>;
}

/** A sealed key this process cannot open: the replicas do not share one IDENTITY_KEY_SECRET. */
export class KeySecretMismatchError extends StartupError {
  override name = 'KeySecretMismatchError';
}

const mismatch = (kid: string | undefined) =>
  new KeySecretMismatchError(
    `The signing key ${kid ?? ''} in the database was sealed with another secret: set IDENTITY_KEY_SECRET to the same value on every identity replica sharing the database (an all-in-one server without it keeps its secret in DATA_DIR/identity-key-secret)`,
  );

/**
 * AES-256-GCM (a `dir` compact JWE) under a key derived from `secret`. The header names the
 * secret by a fingerprint, so a replica holding another secret says so rather than failing on
 * the tag, and carries the signing key's kid, authenticated, so sealed keys cannot be swapped.
 */
export function createKeySealer(secret: string): KeySealer {
  const key = new Uint8Array(
    hkdfSync('sha256', secret, 'hackclass', 'identity signing keys: A256GCM', 32),
  );
  const fingerprint = createHash('sha256').update(key).digest('base64url').slice(0, 16);
  return {
    seal: (jwk) =>
      new CompactEncrypt(new TextEncoder().encode(JSON.stringify(jwk)))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: fingerprint, key: jwk.kid })
        .encrypt(key),
    async open(sealed) {
      const header = decodeProtectedHeader(sealed);
      const signingKid = typeof header.key === 'string' ? header.key : undefined;
      if (header.kid !== fingerprint) throw mismatch(signingKid);
      const { plaintext } = await compactDecrypt(sealed, key).catch(() => {
        throw mismatch(signingKid);
      });
      const jwk = JSON.parse(new TextDecoder().decode(plaintext)) as JWK;
      if (jwk.kid !== signingKid) throw mismatch(signingKid);
      return jwk;
    },
  };
}
