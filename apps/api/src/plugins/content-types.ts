import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../errors';

/**
 * Each route takes one kind of body: JSON where it has a body schema, multipart where it reads a
 * form (which answers 415 to anything else itself). Anything else is 415, not a 400 about the
 * body's shape: Fastify's own text/plain parser would hand a JSON route a string.
 */
export const contentTypes = fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser('text/plain');
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.schema?.body && request.isMultipart()) {
        throw apiErrors.unsupportedMediaType('Send application/json');
      }
    });
  },
  { name: 'content-types' },
);
