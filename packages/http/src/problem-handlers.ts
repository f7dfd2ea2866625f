import { isDatabaseUnavailable } from '@hackclass/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  commonErrors,
  DATABASE_RETRY_AFTER_SECONDS,
  HttpError,
  STORAGE_FULL_RETRY_AFTER_SECONDS,
} from './http-error';
import { sendProblem } from './problem';
import { isStorageFull } from './storage-full';

export const UNKNOWN_FIELD_MESSAGE = 'Unknown field';

/** The fields a strict object refused (zod's `unrecognized_keys`), else none. */
const unknownKeysOf = (issue: { keyword: string; params: Record<string, unknown> }) =>
  issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)
    ? issue.params.keys.map(String)
    : [];

/**
 * Schema validation failures, keyed by field path (`email`, `members.0.status`); a field the
 * schema does not know is named itself, rather than the object holding it.
 */
function fieldErrorsOf(error: FastifyError): Record<string, string[]> {
  // A Map, since an unknown field may be called `toString` or `__proto__`.
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    errors.set(field, [...(errors.get(field) ?? []), message]);
  };
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const unknown = unknownKeysOf(issue);
    if (unknown.length > 0) {
      for (const key of unknown) add([...path, key].join('.'), UNKNOWN_FIELD_MESSAGE);
      continue;
    }
    add(path.join('.') || (error.validationContext ?? 'body'), issue.message ?? 'Invalid value');
  }
  return Object.fromEntries(errors);
}

/** What Fastify's own 4xx errors (bad JSON, wrong content type, body too large…) become. */
function fromFastifyError(error: FastifyError): HttpError {
  if (Array.isArray(error.validation)) return commonErrors.validation(fieldErrorsOf(error));
  const status = error.statusCode ?? 500;
  if (status >= 500) return commonErrors.internal();
  switch (status) {
    case 404:
      return commonErrors.notFound(error.message);
    case 413:
      return commonErrors.payloadTooLarge(error.message);
    case 415:
      return commonErrors.unsupportedMediaType(error.message);
    case 429:
      return commonErrors.rateLimited(error.message);
    default:
      return new HttpError(status, 'bad_request', 'Bad request', error.message);
  }
}

export interface ProblemHandlersOptions {
  /** Answers unknown routes instead of the problem document, e.g. with a web page. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(reply, commonErrors.notFound(`No route for ${request.method} ${request.url}`));

/**
 * Every error and every unknown route answers as problem+json. Details of server faults
 * are logged, never sent. A database that cannot be reached is a 503 to retry, not a fault;
 * a full disk is a 507 (RFC 4918 §11.5) to retry once space is freed: the write was not made.
 */
export const problemHandlers = fp<ProblemHandlersOptions>(
  async (app: FastifyInstance, { notFound = sendNotFound }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendProblem(
          reply,
          commonErrors.databaseUnavailable('The database cannot be reached; try again shortly'),
        );
      }
      if (isStorageFull(error)) {
        request.log.warn({ err: error }, 'storage full');
        reply.header('retry-after', String(STORAGE_FULL_RETRY_AFTER_SECONDS));
        return sendProblem(
          reply,
          commonErrors.storageFull(
            "The server's storage is full: nothing was saved; try again once space is freed",
          ),
        );
      }
      const problem = error instanceof HttpError ? error : fromFastifyError(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, problem);
    });
    app.setNotFoundHandler(notFound);
  },
  { name: 'problem-handlers' },
);
