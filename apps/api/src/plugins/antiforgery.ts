import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createAntiforgeryToken,
  isAntiforgerySecret,
  newAntiforgerySecret,
  verifyAntiforgeryToken,
} from '../auth/antiforgery-token';
import { apiErrors } from '../errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const COOKIE = 'hackclass_xsrf';
export const ANTIFORGERY_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only the route that hands out the token itself goes without one. */
    antiforgery?: false;
  }
  interface FastifyReply {
    antiforgeryToken(): string;
  }
}

/**
 * Double-submit anti-forgery: `POST /auth/antiforgery/token` keeps a secret in an HttpOnly,
 * SameSite=Strict cookie and returns a token made from it; every other state-changing request
 * must send such a token in `X-XSRF-TOKEN` along with the cookie of the same browser.
 */
export const antiforgery = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCookie);
    app.decorateReply('antiforgeryToken', function (this: FastifyReply) {
      let secret = this.request.cookies[COOKIE];
      if (!isAntiforgerySecret(secret)) {
        secret = newAntiforgerySecret();
        this.setCookie(COOKIE, secret, { path: '/', httpOnly: true, sameSite: 'strict' });
      }
      return createAntiforgeryToken(secret);
    });
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (
        !UNSAFE_METHODS.has(request.method) ||
        request.routeOptions.config.antiforgery === false
      ) {
        return;
      }
      if (!verifyAntiforgeryToken(request.cookies[COOKIE], request.headers[ANTIFORGERY_HEADER])) {
        throw apiErrors.antiforgery();
      }
    });
  },
  { name: 'antiforgery' },
);
