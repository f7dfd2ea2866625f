import { PROBLEM_CONTENT_TYPE } from '@hackclass/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Records each problem answer whose code its route does not declare, as `GET /api/x: code`.
 * Routes that declare nothing (those outside the API) are not checked.
 */
export function recordUndeclaredErrors(app: FastifyInstance): Set<string> {
  const undeclared = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const declared = request.routeOptions.config.errors;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!declared || !type.startsWith(PROBLEM_CONTENT_TYPE) || typeof payload !== 'string') return;
    const { code } = JSON.parse(payload) as { code: string };
    if (!(declared as readonly string[]).includes(code)) {
      undeclared.add(`${request.method} ${request.routeOptions.url}: ${code}`);
    }
  });
  return undeclared;
}
