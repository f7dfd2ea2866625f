import type { JWTPayload } from 'jose';
import { IdTokenError } from './errors.js';

export interface VerifiedIdToken {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
  /** Seconds since epoch. */
  authTime: number;
  /** Seconds since epoch. */
  issuedAt: number;
  /**
   * Seconds since epoch: when the verifier stops accepting the token, its `exp` or, under a
   * maximum token age, earlier.
   */
  expiresAt: number;
  signInProvider: string | undefined;
  /** Every claim of the token, custom claims included. */
  claims: Record<string, unknown>;
}

const MAX_UID_LENGTH = 128;

/**
 * The checks jose's jwtVerify leaves to us, on a payload whose signature, `iss`, `exp` and the
 * presence of `sub`, `iat`, `exp` and `auth_time` it has already verified. `latest` is the
 * latest acceptable time in seconds: now plus the clock tolerance.
 */
export function toVerifiedIdToken(
  claims: JWTPayload,
  projectId: string,
  latest: number,
): VerifiedIdToken {
  // jose accepts an `aud` array containing the project; Firebase tokens carry exactly one.
  if (claims.aud !== projectId) throw new IdTokenError('wrong_audience');
  const { sub, iat, exp, auth_time: authTime } = claims;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_UID_LENGTH) {
    throw new IdTokenError('missing_subject');
  }
  if (typeof iat !== 'number' || typeof exp !== 'number' || typeof authTime !== 'number') {
    throw new IdTokenError('malformed', 'ID token has non-numeric time claims');
  }
  // jose compares `iat` with the clock only when maxTokenAge is set.
  if (iat > latest) throw new IdTokenError('issued_in_future');
  if (authTime > latest) throw new IdTokenError('auth_time_in_future');

  const firebase = claims.firebase;
  return {
    uid: sub,
    email: stringOrUndefined(claims.email),
    emailVerified: claims.email_verified === true,
    name: stringOrUndefined(claims.name),
    picture: stringOrUndefined(claims.picture),
    authTime,
    issuedAt: iat,
    expiresAt: exp,
    signInProvider:
      typeof firebase === 'object' && firebase !== null && 'sign_in_provider' in firebase
        ? stringOrUndefined(firebase.sign_in_provider)
        : undefined,
    claims: { ...claims },
  };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
