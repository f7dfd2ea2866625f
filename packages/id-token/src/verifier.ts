import {
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  type ProtectedHeaderParameters,
} from 'jose';
import { toVerifiedIdToken, type VerifiedIdToken } from './claims.js';
import { IdTokenError } from './errors.js';
import { fromKeyLookupError, fromVerifyError } from './jose-errors.js';
import { createRemoteKeySet } from './remote-keys.js';

export interface IdTokenVerifierOptions {
  projectId: string;
  /**
   * The issuer's key set: a JWKS URL (fetched and cached by createRemoteKeySet, which keeps the
   * last good set through an outage of the key endpoint), or a jose key resolver (e.g.
   * createLocalJWKSet) for tests or in-process use.
   */
  keys: string | URL | JWTVerifyGetKey;
  /** Default `https://securetoken.google.com/${projectId}`. */
  issuer?: string;
  /** Seconds of clock skew tolerated on exp/iat/auth_time; default 5. */
  clockToleranceSeconds?: number;
  /**
   * The `firebase.sign_in_provider` values accepted (`password`, `google.com`…); any when
   * absent. A Firebase project may enable providers, or serve apps, this service should not
   * trust, each able to mint a verified email.
   */
  signInProviders?: readonly string[] | undefined;
  /**
   * Refuses a token issued (`iat`) longer ago than this, before its `exp`: where the issuer
   * publishes no revocations, the longest a token outlives a disabled, deleted or re-passworded
   * account. Clients get a new token by refreshing; unlimited when absent.
   */
  maxTokenAgeSeconds?: number | undefined;
  /** For tests: current time in ms; default Date.now. */
  now?: () => number;
}

export interface IdTokenVerifier {
  /** Resolves with the token's identity, or rejects with an IdTokenError. */
  verify(token: string): Promise<VerifiedIdToken>;
}

/**
 * Verifies Firebase-style ID tokens as firebase-admin does, for our identity service or a real
 * Firebase project alike. Create one per process: a remote key set is cached inside it.
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const {
    projectId,
    clockToleranceSeconds = 5,
    signInProviders,
    maxTokenAgeSeconds,
    now = Date.now,
  } = options;
  if (!projectId) throw new TypeError('projectId must be a non-empty string');
  if (!Number.isFinite(clockToleranceSeconds) || clockToleranceSeconds < 0) {
    throw new RangeError('clockToleranceSeconds must be a non-negative number');
  }
  if (
    maxTokenAgeSeconds !== undefined &&
    (!Number.isFinite(maxTokenAgeSeconds) || maxTokenAgeSeconds <= 0)
  ) {
    throw new RangeError('maxTokenAgeSeconds must be a positive number');
  }
  const issuer = options.issuer ?? `https://securetoken.google.com/${projectId}`;
  // The remote set refetches on an unknown kid, at most once per 30 s cooldown.
  const keys =
    typeof options.keys === 'function' ? options.keys : createRemoteKeySet(new URL(options.keys));
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      throw fromKeyLookupError(error);
    }
  };

  return {
    async verify(token) {
      checkHeader(token);
      const nowSeconds = Math.floor(now() / 1000);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, getKey, {
          algorithms: ['RS256'],
          audience: projectId,
          issuer,
          clockTolerance: clockToleranceSeconds,
          currentDate: new Date(nowSeconds * 1000),
          requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
          // A token past it fails as JWTExpired, like one past its `exp`.
          maxTokenAge: maxTokenAgeSeconds,
        }));
      } catch (error) {
        throw fromVerifyError(error);
      }
      const verified = toVerifiedIdToken(payload, projectId, nowSeconds + clockToleranceSeconds);
      const provider = verified.signInProvider;
      if (signInProviders && (provider === undefined || !signInProviders.includes(provider))) {
        throw new IdTokenError('unaccepted_sign_in_provider');
      }
      if (maxTokenAgeSeconds === undefined) return verified;
      const ageLimit = verified.issuedAt + maxTokenAgeSeconds;
      return { ...verified, expiresAt: Math.min(verified.expiresAt, ageLimit) };
    },
  };
}

/**
 * Runs before any key lookup, so a token can neither pick its own algorithm (`none`, or HS256
 * keyed with the public key: alg confusion) nor make us fetch keys for junk.
 */
function checkHeader(token: unknown): void {
  if (typeof token !== 'string' || token.split('.').length !== 3) {
    throw new IdTokenError('malformed');
  }
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token);
  } catch (cause) {
    throw new IdTokenError('malformed', undefined, { cause });
  }
  if (header.alg !== 'RS256') throw new IdTokenError('unsupported_algorithm');
  if (typeof header.kid !== 'string' || header.kid === '') {
    throw new IdTokenError('missing_key_id');
  }
}
