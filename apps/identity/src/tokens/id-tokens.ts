import { errors, jwtVerify, SignJWT } from 'jose';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { idTokenClaims, issuerOf, type ProviderSignIn } from './id-token-claims';

export async function signIdToken(
  ctx: IdentityContext,
  account: Account,
  authTime: Date,
  provider?: ProviderSignIn,
): Promise<string> {
  const { kid, key } = await ctx.keys.signingKey();
  const claims = idTokenClaims(account, {
    projectId: ctx.projectId,
    authTime,
    now: ctx.now(),
    provider,
  });
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

export interface VerifiedClaims {
  uid: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  authTime: number;
}

/** Checks an ID token of ours: signature by a published key, issuer, audience, expiry. */
export async function verifyIdToken(ctx: IdentityContext, token: string): Promise<VerifiedClaims> {
  try {
    const { payload } = await jwtVerify(
      token,
      async ({ kid }) => {
        const key = kid ? await ctx.keys.verificationKey(kid) : undefined;
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key;
      },
      {
        algorithms: ['RS256'],
        issuer: issuerOf(ctx.projectId),
        audience: ctx.projectId,
        currentDate: ctx.now(),
        requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
      },
    );
    const { sub, iat, auth_time: authTime } = payload;
    if (!sub || typeof iat !== 'number' || typeof authTime !== 'number') {
      throw new ProtocolError('INVALID_ID_TOKEN');
    }
    return { uid: sub, issuedAt: iat, authTime };
  } catch (error) {
    if (error instanceof ProtocolError || error instanceof errors.JOSEError) {
      throw new ProtocolError('INVALID_ID_TOKEN');
    }
    throw error;
  }
}
