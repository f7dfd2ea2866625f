import { IdTokenError, type IdTokenVerifier, type VerifiedIdToken } from '@hackclass/id-token';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../errors';
import { ensureUser, type UserRow } from '../users/ensure-user';

/**
 * Who may call a route: anyone; anyone signed in (even with an unverified email: `/users/me`
 * and register); or, the default, a signed-in user whose email is verified.
 */
export type Access = 'public' | 'signed-in' | 'verified';

export interface Principal {
  token: VerifiedIdToken;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AuthenticationOptions {
  verifier: IdTokenVerifier;
  adminEmails: string[];
}

function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

async function verify(verifier: IdTokenVerifier, token: string): Promise<VerifiedIdToken> {
  try {
    return await verifier.verify(token);
  } catch (error) {
    if (error instanceof IdTokenError && error.reason !== 'keys_unavailable') {
      throw apiErrors.invalidToken(error.message);
    }
    throw apiErrors.identityUnavailable();
  }
}

/** The signed-in user is the product user behind the request's bearer ID token. */
export const authentication = fp<AuthenticationOptions>(
  async (app: FastifyInstance, { verifier, adminEmails }) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access ?? 'verified';
      const bearer = bearerOf(request);
      if (!bearer) {
        if (access === 'public') return;
        throw apiErrors.unauthenticated();
      }
      const token = await verify(verifier, bearer);
      const user = await ensureUser(app.db, token, adminEmails);
      request.principal = { token, user };
      if (access === 'verified' && !token.emailVerified) throw apiErrors.emailNotVerified();
    });
  },
  { name: 'authentication', dependencies: [] },
);

/** The caller of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw apiErrors.unauthenticated();
  return request.principal;
}
