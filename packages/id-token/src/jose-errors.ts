import { errors } from 'jose';
import { IdTokenError, type IdTokenErrorReason } from './errors.js';

/** Translates a failure of the key resolver: fetching the key set or picking a key from it. */
export function fromKeyLookupError(error: unknown): IdTokenError {
  if (error instanceof IdTokenError) return error;
  if (error instanceof errors.JWKSNoMatchingKey) {
    return new IdTokenError('unknown_key', undefined, { cause: error });
  }
  if (error instanceof errors.JWKSMultipleMatchingKeys) {
    const message = 'ID token key id matches more than one published key';
    return new IdTokenError('unknown_key', message, { cause: error });
  }
  // JWKSTimeout, network failures, non-200 or non-JSON responses, an invalid key set.
  return new IdTokenError('keys_unavailable', undefined, { cause: error });
}

const CLAIM_REASONS: Record<string, IdTokenErrorReason> = {
  aud: 'wrong_audience',
  iss: 'wrong_issuer',
  sub: 'missing_subject',
};

/** Translates any error out of jose's jwtVerify; a raw jose error never escapes. */
export function fromVerifyError(error: unknown): IdTokenError {
  if (error instanceof IdTokenError) return error;
  const options = { cause: error };
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new IdTokenError('bad_signature', undefined, options);
  }
  if (error instanceof errors.JWTExpired) return new IdTokenError('expired', undefined, options);
  if (error instanceof errors.JWTClaimValidationFailed) {
    const reason = CLAIM_REASONS[error.claim];
    if (reason) return new IdTokenError(reason, undefined, options);
    if (error.reason === 'check_failed' && (error.claim === 'iat' || error.claim === 'nbf')) {
      return new IdTokenError('issued_in_future', undefined, options);
    }
    const message = `ID token has no valid "${error.claim}" claim`;
    return new IdTokenError('malformed', message, options);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return new IdTokenError('unsupported_algorithm', undefined, options);
  }
  // JWSInvalid, JWTInvalid, unsupported "crit" headers: all about the token's shape.
  if (error instanceof errors.JOSEError) return new IdTokenError('malformed', undefined, options);
  // Outside the key resolver jose throws plain errors only for unusable keys (wrong type, an RSA
  // modulus under 2048 bits): a problem of the issuer's key set, not of the token.
  return new IdTokenError('keys_unavailable', undefined, options);
}
