import { isDatabaseUnavailable } from '@hackclass/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { commonErrors, DATABASE_RETRY_AFTER_SECONDS, HttpError } from './http-error';
import { sendProblem } from './problem';

/** Schema validation failures, keyed by field path (`email`, `members.0.status`). */
function fieldErrorsOf(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const field =
      issue.instancePath.split('/').filter(Boolean).join('.') ||
      (error.validationContext ?? 'body');
    errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value'];
  }
  return errors;
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
      return commonErrors.tooManyRequests(error.message);
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
 * are logged, never sent. A database that cannot be reached is a 503 to retry, not a fault.
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
      const problem = error instanceof HttpError ? error : fromFastifyError(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, problem);
    });
    app.setNotFoundHandler(notFound);
  },
  { name: 'problem-handlers' },
);
