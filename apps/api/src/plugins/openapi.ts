import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contentSecurityPolicy, sendSecurityHeaders } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart form's text fields and files, for the document only: the handler reads and
     * validates the form itself, so Fastify must not see it as `body`.
     */
    form?: z.ZodObject;
  }
}

/** The routes' zod schemas as OpenAPI, a multipart form as the request body it is. */
const transform: typeof jsonSchemaTransform = (route) => {
  if (!route.schema?.form) return jsonSchemaTransform(route);
  const { form, ...schema } = route.schema;
  const transformed = jsonSchemaTransform({ ...route, schema });
  const { $schema: _dialect, ...body } = z.toJSONSchema(form, { io: 'input' });
  return { ...transformed, schema: { ...transformed.schema, body } };
};

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
            '`POST /auth/antiforgery/token` in `X-XSRF-TOKEN`. Scripts and CI use a personal API ' +
            'token instead (`Authorization: Bearer hcp_…`, made on the profile or with ' +
            '`POST /users/me/api-tokens`): no anti-forgery token, and only what its scopes allow ' +
            '(`read` for GET, `write` for the rest, `admin` for an admin to act as one). Errors ' +
            'are RFC 9457 problem documents.',
        },
        servers: [{ url: '/api' }],
        components: {
          securitySchemes: {
            idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            antiforgery: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'hcp_…',
              description:
                'A personal API token: scoped, expiring, revocable. Its scopes are listed in ' +
                'each operation’s requirement.',
            },
          },
        },
      },
      transform,
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
