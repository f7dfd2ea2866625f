import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contentSecurityPolicy, sendSecurityHeaders } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, and an interactive
 * reference at `/docs` (the document itself at `/docs/json`).
 */
export const openapi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'HackClass API',
          version: '1.0.0',
          description:
            'Classrooms, members, hacking labs, files and notifications. Authenticate with an ID ' +
            'token (`Authorization: Bearer …`); state-changing calls also need the token from ' +
            '`POST /auth/antiforgery/token` in `X-XSRF-TOKEN`. Errors are RFC 9457 problem documents.',
        },
        servers: [{ url: '/api' }],
        components: {
          securitySchemes: {
            idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            antiforgery: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'openapi' },
);

/** The reference page loads its scripts and styles from its own `/docs/static/`. */
const referencePolicy = contentSecurityPolicy();

/**
 * Registered in the API's context, so its paths are relative to `/api`. The page gets the same
 * security headers as the web app's pages.
 */
export async function openapiReference(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => sendSecurityHeaders(reply, referencePolicy));
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
