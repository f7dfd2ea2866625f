import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commonErrors, DATABASE_RETRY_AFTER_SECONDS } from './http-error';
import { sendProblem } from './problem';

export interface HealthOptions {
  /** Resolves when the database answers; rejects when it does not. */
  pingDatabase: () => Promise<void>;
}

/** `GET /healthz`: the process is alive. `GET /readyz`: it can serve, its database answers. */
export const health = fp<HealthOptions>(
  async (app: FastifyInstance, { pingDatabase }) => {
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
      try {
        await pingDatabase();
        return { status: 'ok' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendProblem(reply, commonErrors.databaseUnavailable((error as Error).message));
      }
    });
  },
  { name: 'health' },
);
