import { pageSessionRequestSchema } from '@hackclass/contracts';
import { pageSessionCookie } from '@hackclass/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPersonOf } from '../../plugins/authentication';
import { browserWrite } from '../security';

export interface PageSessionOptions {
  publicUrl: string;
}

const tags = ['auth'];

/**
 * The page session (see pageSessionCookie): the web app hands over each new ID token it gets,
 * and drops the cookie when the session ends. A token lasts an hour, and so does its cookie.
 */
export const pageSessionRoutes: FastifyPluginAsyncZod<PageSessionOptions> = async (
  app,
  { publicUrl },
) => {
  const cookie = pageSessionCookie(publicUrl);

  app.put(
    '/page-session',
    {
      config: { apiTokens: false },
      schema: {
        tags,
        summary:
          'Keep the caller’s ID token in an HttpOnly cookie until it expires, so that the ' +
          'server renders their pages with their data on a first visit',
        security: browserWrite,
        body: pageSessionRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { token } = signedInPersonOf(request);
      const bearer = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
      const maxAge = Math.floor(token.expiresAt - Date.now() / 1000);
      reply.setCookie(cookie.name, bearer, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookie.secure,
        // Without it, a session cookie: gone when the browser closes, as the session is.
        ...(request.body.keepSignedIn ? { maxAge: Math.max(0, maxAge) } : {}),
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/page-session',
    {
      config: {
        access: 'public',
        // Sent once the session is over, when there is no ID token left to send. A forged
        // request only makes the next page render in the browser.
        antiforgery: false,
      },
      schema: {
        tags,
        summary: 'Drop the page session’s cookie: pages then render in the browser alone',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => {
      reply.clearCookie(cookie.name, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookie.secure,
      });
      return reply.code(204).send(null);
    },
  );
};
