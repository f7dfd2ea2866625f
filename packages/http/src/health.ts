import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commonErrors, DATABASE_RETRY_AFTER_SECONDS } from './http-error';
import { sendProblem } from './problem';

export interface HealthOptions {
  /** Resolves when the database answers; rejects when it does not. */
  pingDatabase: () => Promise<void>;
}

/** What an optional dependency's check says: `degraded` is reported, never a 503. */
export interface DependencyStatus {
  status: 'ok' | 'degraded';
  detail?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Optional dependencies `/readyz` reports on without failing (the targets' engine). */
    readiness: { add(name: string, check: () => Promise<DependencyStatus>): void };
  }
}

/**
 * `GET /healthz`: the process is alive. `GET /readyz`: it can serve, its database answers (503
 * when not). Optional dependencies added to `app.readiness` are reported beside it, and one that
 * is down makes the answer `degraded`, still 200: the rest of the product works without it.
 */
export const health = fp<HealthOptions>(
  async (app: FastifyInstance, { pingDatabase }) => {
    const checks = new Map<string, () => Promise<DependencyStatus>>();
    app.decorate('readiness', { add: (name, check) => void checks.set(name, check) });
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
      try {
        await pingDatabase();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendProblem(reply, commonErrors.databaseUnavailable((error as Error).message));
      }
      if (checks.size === 0) return { status: 'ok' };
      const names = [...checks.keys()];
      const results = await Promise.all([...checks.values()].map((check) => check()));
      return {
        status: results.every((result) => result.status === 'ok') ? 'ok' : 'degraded',
        checks: Object.fromEntries(names.map((name, index) => [name, results[index]])),
      };
    });
  },
  { name: 'health' },
);
