import { ROLE } from '@hackclass/contracts';
import { IdTokenError, type IdTokenVerifier, type VerifiedIdToken } from '@hackclass/id-token';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ensureUser, isInStep } from '../accounts/ensure-user';
import { resolveApiToken } from '../api-tokens/resolve-api-token';
import { isApiTokenText } from '../api-tokens/token-text';
import type { UserRow } from '../db/schema';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import type { KnownUsers } from '../users/known-users';
import type { ApiTokenGrant, Principal } from '../users/principal';
import type { Revocations } from '../users/revocations';

/**
 * Who may call a route: anyone; anyone signed in (even with an unverified email: `/users/me`
 * and register); or, the default, a signed-in user whose email is verified.
 */
export type Access = 'public' | 'signed-in' | 'verified';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * `false` for what only a person signed in may do (manage API tokens, delete an account):
     * a stolen token must not mint more tokens nor outlive its owner's account.
     */
    apiTokens?: false;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AuthenticationOptions {
  verifier: IdTokenVerifier;
  adminEmails: string[];
  teacherApproval: boolean;
  /** Callers' user rows read lately; whatever changes a user's row forgets them. */
  knownUsers: KnownUsers;
  /** Accounts whose earlier tokens were revoked, or which were deleted, in the last hour. */
  revocations: Revocations;
  /** Asked whether the holder of a new user's email still has an account. */
  identityAdmin: IdentityAdmin;
}

function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Tokens verified lately, by their exact text; Map order is insertion order, oldest first. */
const VERIFIED_TOKENS_MAX = 10_000;
/** Bounds how long a token outlives the removal of its signing key (key sets are kept 10 min). */
const VERIFIED_TOKEN_TTL_MS = 5 * 60_000;

/**
 * The same token's signature and claims verify the same way until it expires, so remembering a
 * verified token until the earlier of its `expiresAt` (its `exp`, or sooner under a maximum token
 * age) and a few minutes skips an RSA verification per request and changes nothing else.
 * Revocations are checked apart, on every request, and so is the user behind the token
 * (`KnownUsers`): role changes and disabling apply at once.
 */
function tokenCache(verifier: IdTokenVerifier) {
  const verified = new Map<string, { token: VerifiedIdToken; until: number }>();
  return async (request: FastifyRequest, bearer: string): Promise<VerifiedIdToken> => {
    const now = Date.now();
    const hit = verified.get(bearer);
    if (hit && hit.until > now) return hit.token;
    if (hit) verified.delete(bearer);
    const token = await verify(request, verifier, bearer);
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(bearer, {
      token,
      until: Math.min(token.expiresAt * 1000, now + VERIFIED_TOKEN_TTL_MS),
    });
    return token;
  };
}

/**
 * Every refused token gets the same answer: telling a caller which check failed helps whoever
 * forges tokens and no one else. The reason is logged.
 */
async function verify(
  request: FastifyRequest,
  verifier: IdTokenVerifier,
  token: string,
): Promise<VerifiedIdToken> {
  try {
    return await verifier.verify(token);
  } catch (error) {
    if (error instanceof IdTokenError && error.reason !== 'keys_unavailable') {
      request.log.info({ reason: error.reason }, 'ID token refused');
      throw apiErrors.invalidToken();
    }
    throw apiErrors.identityUnavailable();
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The user a token acts as: an admin's token without the `admin` scope acts as a teacher. */
const actingAs = (user: UserRow, grant: ApiTokenGrant): UserRow =>
  user.roleId === ROLE.admin && !grant.scopes.includes('admin')
    ? { ...user, roleId: ROLE.teacher }
    : user;

/**
 * The signed-in user is the product user behind the request's bearer: an ID token, or a personal
 * API token (`hcp_…`).
 */
export const authentication = fp<AuthenticationOptions>(
  async (
    app: FastifyInstance,
    { verifier, adminEmails, teacherApproval, knownUsers: known, revocations, identityAdmin },
  ) => {
    app.decorateRequest('principal', null);
    const verifiedToken = tokenCache(verifier);
    const userOf = async (token: VerifiedIdToken) => {
      const user = known.get(token.uid);
      if (user && isInStep(user, token, adminEmails)) return user;
      return known.remember(
        await ensureUser(app.db, token, { adminEmails, teacherApproval, identityAdmin }),
      );
    };
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access ?? 'verified';
      const bearer = bearerOf(request);
      if (!bearer) {
        if (access === 'public') return;
        throw apiErrors.unauthenticated();
      }
      if (isApiTokenText(bearer)) {
        request.principal = await apiTokenPrincipal(request, bearer);
        return;
      }
      const token = await verifiedToken(request, bearer);
      if (revocations.refuses(token)) {
        request.log.info({ reason: 'revoked' }, 'ID token refused');
        throw apiErrors.invalidToken();
      }
      const user = await userOf(token);
      // ID tokens outlive the identity account's disabling by up to an hour.
      if (user.disabledAt) throw apiErrors.accountDisabled();
      request.principal = { via: 'id-token', token, user };
      if (access === 'verified' && !token.emailVerified) throw apiErrors.emailNotVerified();
    });

    /** A personal API token's principal, if the token is good and has the scope the call needs. */
    const apiTokenPrincipal = async (request: FastifyRequest, bearer: string) => {
      const found = await resolveApiToken(app.db, bearer);
      if (!found) {
        request.log.info({ reason: 'unknown_or_expired' }, 'API token refused');
        throw apiErrors.invalidApiToken();
      }
      const { grant, user } = found;
      if (user.disabledAt) throw apiErrors.accountDisabled();
      const { config } = request.routeOptions;
      if (config.apiTokens === false) throw apiErrors.browserSessionRequired();
      const needed = READ_METHODS.has(request.method) ? 'read' : 'write';
      if (!grant.scopes.includes(needed)) throw apiErrors.insufficientScope(needed);
      if ((config.access ?? 'verified') === 'verified' && !user.emailVerified) {
        throw apiErrors.emailNotVerified();
      }
      return { via: 'api-token' as const, apiToken: grant, user: actingAs(user, grant) };
    };
  },
  { name: 'authentication', dependencies: [] },
);

/** The caller of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw apiErrors.unauthenticated();
  return request.principal;
}

/** The caller of a route only a person signed in may call (`apiTokens: false`). */
export function signedInPersonOf(request: FastifyRequest): Extract<Principal, { via: 'id-token' }> {
  const principal = principalOf(request);
  if (principal.via !== 'id-token') throw apiErrors.browserSessionRequired();
  return principal;
}
