import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an `x-request-id` from a client or proxy must look like to be kept: no log injection. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's request id when it is sane, else a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
}
