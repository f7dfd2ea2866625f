import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../errors';
import {
  createAntiforgeryToken,
  isAntiforgerySecret,
  newAntiforgerySecret,
  verifyAntiforgeryToken,
} from './antiforgery-token';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const ANTIFORGERY_HEADER = 'x-xsrf-token';

export interface AntiforgeryOptions {
  /** The origin users reach (PUBLIC_URL): over https the cookie is `Secure` and `__Host-`. */
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only the route that hands out the token itself goes without one. */
    antiforgery?: false;
  }
  interface FastifyReply {
    antiforgeryToken(): string;
  }
}

/** Whom a token is for: the signed-in caller's uid, or nobody yet. Authentication runs first. */
const subjectOf = ({ principal }: FastifyRequest) =>
  principal?.via === 'id-token' ? principal.token.uid : '';

/**
 * Double-submit anti-forgery: `POST /auth/antiforgery/token` keeps a secret in an HttpOnly,
 * SameSite=Strict cookie and returns a token made from it for the caller; every other
 * state-changing request must send such a token in `X-XSRF-TOKEN`, along with the cookie of the
 * same browser and the ID token of the same user (a call with a personal API token needs none).
 * Over https the cookie is `Secure` with the `__Host-` prefix, so neither plain http nor a
 * sibling subdomain can set or replace it.
 */
export const antiforgery = fp<AntiforgeryOptions>(
  async (app: FastifyInstance, { publicUrl }) => {
    const secure = new URL(publicUrl).protocol === 'https:';
    const cookie = secure ? '__Host-hackclass_xsrf' : 'hackclass_xsrf';
    await app.register(fastifyCookie);
    app.decorateReply('antiforgeryToken', function (this: FastifyReply) {
      let secret = this.request.cookies[cookie];
      if (!isAntiforgerySecret(secret)) {
        secret = newAntiforgerySecret();
        this.setCookie(cookie, secret, { path: '/', httpOnly: true, sameSite: 'strict', secure });
      }
      return createAntiforgeryToken(secret, subjectOf(this.request));
    });
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // A personal API token is never sent by a browser on its own, as a cookie is: a page of
      // another site has nothing to forge with.
      if (
        !UNSAFE_METHODS.has(request.method) ||
        request.routeOptions.config.antiforgery === false ||
        request.principal?.via === 'api-token'
      ) {
        return;
      }
      const token = request.headers[ANTIFORGERY_HEADER];
      if (!verifyAntiforgeryToken(request.cookies[cookie], token, subjectOf(request))) {
        throw apiErrors.antiforgery();
      }
    });
  },
  { name: 'antiforgery' },
);
