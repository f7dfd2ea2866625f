import { isDatabaseUnavailable } from '@hackclass/db';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isStorageFull,
  STORAGE_FULL_RETRY_AFTER_SECONDS,
} from '@hackclass/http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ProtocolError } from './errors';

/** Bodies larger than this are refused before parsing: no field of the protocol needs more. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** What Fastify's own errors (unparsable JSON, wrong content type, huge body) become. */
function fromFastifyError(error: FastifyError): ProtocolError | undefined {
  switch (error.statusCode) {
    case 413:
      return new ProtocolError('PAYLOAD_TOO_LARGE');
    case 415:
      return new ProtocolError('UNSUPPORTED_MEDIA_TYPE');
    case 400:
      return new ProtocolError('INVALID_ARGUMENT', error.message);
    default:
      return error.statusCode && error.statusCode < 500
        ? new ProtocolError('INVALID_ARGUMENT', error.message)
        : undefined;
  }
}

/**
 * Makes every error and unknown route under this plugin's prefix answer in the protocol's
 * envelope: the SDK parses any other body as a network failure.
 */
export function useProtocolErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= BODY_LIMIT_BYTES;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const answer = new ProtocolError('UNAVAILABLE');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(answer.http).send(answer.toEnvelope());
    }
    if (isStorageFull(error)) {
      // The protocol has no word for a full disk: the SDK retries an UNAVAILABLE later.
      request.log.warn({ err: error }, 'storage full');
      const answer = new ProtocolError('UNAVAILABLE');
      reply.header('retry-after', String(STORAGE_FULL_RETRY_AFTER_SECONDS));
      return reply.code(answer.http).send(answer.toEnvelope());
    }
    const known = error instanceof ProtocolError ? error : fromFastifyError(error);
    if (!known) request.log.error({ err: error }, 'identity request failed');
    const answer = known ?? new ProtocolError('INTERNAL');
    return reply.code(answer.http).send(answer.toEnvelope());
  });
  app.setNotFoundHandler((_request, reply) => {
    const answer = new ProtocolError('NOT_FOUND');
    return reply.code(answer.http).send(answer.toEnvelope());
  });
}

/**
 * Protocol answers carry ID and refresh tokens and account data: no browser or shared cache may
 * keep them (RFC 6749 §5.1 asks the same of token responses).
 */
export function neverCached(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('pragma', 'no-cache');
  });
}

/** Every Identity Toolkit and Secure Token call carries the project's public API key. */
export function requireApiKey(app: FastifyInstance, apiKey: string): void {
  app.addHook('onRequest', async (request) => {
    const { key } = request.query as { key?: unknown };
    if (key === undefined || key === '') throw new ProtocolError('API_KEY_MISSING');
    if (key !== apiKey) throw new ProtocolError('API_KEY_INVALID');
  });
}
