import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS } from './http-error';

export interface HealthOptions {
  /** Resolves when the database answers; rejects when it does not. */
  pingDatabase: () => Promise<void>;
}

/** What an optional dependency's check says: `degraded` is reported, never a 503. */
export interface DependencyStatus {
  status: 'ok' | 'degraded';
  detail?: string;
}

/** The `/readyz` body: every dependency's state, and the worst of them. */
export interface Readiness {
  status: 'ok' | 'degraded' | 'down';
  checks: Record<string, { status: 'ok' | 'degraded' | 'down'; detail?: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Optional dependencies `/readyz` reports on without failing (Redis, SMTP, the engine). */
    readiness: { add(name: string, check: () => Promise<DependencyStatus>): void };
  }
}

/**
 * `GET /healthz`: the process is alive. `GET /readyz`: it can serve, as JSON per dependency.
 * Only the database is required: while it does not answer, the answer is 503 and `down`.
 * Optional dependencies added to `app.readiness` that are down make it `degraded`, still 200:
 * the rest of the product works without them.
 */
export const health = fp<HealthOptions>(
  async (app: FastifyInstance, { pingDatabase }) => {
    const checks = new Map<string, () => Promise<DependencyStatus>>();
    app.decorate('readiness', { add: (name, check) => void checks.set(name, check) });
    // Probes ask by the replica's address (a pod IP), not by the name users reach.
    const probe = { logLevel: 'warn', config: { anyHost: true } } as const;
    app.get('/healthz', probe, async () => ({ status: 'ok' }));
    app.get('/readyz', probe, async (request, reply): Promise<Readiness> => {
      const database = pingDatabase().then(
        () => ({ status: 'ok' as const }),
        (error: unknown) => {
          request.log.warn({ err: error }, 'database not ready');
          return { status: 'down' as const, detail: (error as Error).message };
        },
      );
      const names = [...checks.keys()];
      const [databaseStatus, ...results] = await Promise.all([
        database,
        ...[...checks.values()].map((check) => check()),
      ]);
      const report = {
        database: databaseStatus,
        ...Object.fromEntries(names.map((name, index) => [name, results[index]])),
      } as Readiness['checks'];
      if (databaseStatus.status === 'down') {
        reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return { status: 'down', checks: report };
      }
      const allOk = Object.values(report).every((check) => check.status === 'ok');
      return { status: allOk ? 'ok' : 'degraded', checks: report };
    });
  },
  { name: 'health' },
);
