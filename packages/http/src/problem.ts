import { PROBLEM_CONTENT_TYPE, type Problem } from '@hackclass/contracts';
import type { FastifyReply } from 'fastify';
import type { HttpError } from './http-error';

export function problemOf(error: HttpError, requestId?: string): Problem {
  return {
    type: `urn:hackclass:problem:${error.code.replaceAll('_', '-')}`,
    title: error.title,
    status: error.status,
    code: error.code,
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    ...(error.errors === undefined ? {} : { errors: error.errors }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/** Sends `error` as an RFC 9457 problem document naming the request it answers. */
export function sendProblem(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemOf(error, reply.request.id));
}
