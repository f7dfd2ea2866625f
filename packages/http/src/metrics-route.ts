import { createHash, timingSafeEqual } from 'node:crypto';
import type { Connection } from '@hackclass/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { addDatabaseMetrics } from './database-metrics';
import { HttpError } from './http-error';
import {
  createServiceMetrics,
  runtimeRegistry,
  type ServiceMetrics,
  statusClassOf,
} from './metrics';
import { sendProblem } from './problem';

declare module 'fastify' {
  interface FastifyInstance {
    /** This service's metrics: the product counts its events on them. */
    metrics: ServiceMetrics;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: the bearer token a scraper sends; without one, loopback clients only. */
  token: string | undefined;
  connection: Connection;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so that neither the token's content nor its length leaks through timing. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

const isLoopback = (address: string) =>
  /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i.test(address);

function refusalOf(request: FastifyRequest, token: string | undefined): HttpError | undefined {
  if (token === undefined) {
    return isLoopback(request.ip)
      ? undefined
      : new HttpError(
          403,
          'metrics_forbidden',
          'Forbidden',
          'Metrics are served to this host only; set METRICS_TOKEN to scrape them from elsewhere',
        );
  }
  return bearerMatches(request.headers.authorization, token)
    ? undefined
    : new HttpError(401, 'metrics_unauthorized', 'Unauthorized', 'A valid bearer token is needed');
}

/**
 * `GET /metrics` in Prometheus text format, and every answered request timed by route pattern,
 * method and status class. Rate-limit refusals are the 429s, whoever sent them.
 */
export const metricsRoute = fp<MetricsOptions>(
  async (app: FastifyInstance, { token, connection }) => {
    const metrics = createServiceMetrics();
    addDatabaseMetrics(metrics.registry, connection);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpRequests.observe(
        { route, method: request.method, status_class: statusClassOf(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (reply.statusCode === 429) metrics.rateLimited.inc({ route });
    });
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      const refusal = refusalOf(request, token);
      if (refusal) {
        if (refusal.status === 401) reply.header('www-authenticate', 'Bearer');
        return sendProblem(reply, refusal);
      }
      const all = Registry.merge([runtimeRegistry(), metrics.registry]);
      reply.type(all.contentType);
      return all.metrics();
    });
  },
  { name: 'metrics' },
);
