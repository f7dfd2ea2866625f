import type { KeySealer } from '../tokens/key-sealing';

/**
 * A provider's client secret, sealed as the signing keys are: as an `oct` JWK whose `kid` is the
 * provider's id, so a sealed secret cannot be moved to another provider's row.
 */
export function sealClientSecret(sealer: KeySealer, providerId: string, secret: string) {
  return sealer.seal({
    kty: 'oct',
    kid: providerId,
    k: Buffer.from(secret, 'utf8').toString('base64url'),
  });
}

export async function openClientSecret(sealer: KeySealer, providerId: string, sealed: string) {
  const jwk = await sealer.open(sealed);
  if (jwk.kid !== providerId || typeof jwk.k !== 'string') {
    throw new Error(`the client secret of ${providerId} is sealed for another provider`);
  }
  return Buffer.from(jwk.k, 'base64url').toString('utf8');
}
