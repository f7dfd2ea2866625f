import { createHash, timingSafeEqual } from 'node:crypto';
import type { Connection } from '@hackclass/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { addDatabaseMetrics } from './database-metrics';
import { isLoopbackHost } from './host-check';
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
  /** METRICS_TOKEN: the bearer token a scraper sends; without one, clients on this host only. */
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

/** Headers a reverse proxy adds to say whom it forwards for: the client is not on this host. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A client on this host: a loopback address, asking for a loopback name (a page that rebinds a
 * name of its own to 127.0.0.1 sends that name), and not forwarded by a proxy.
 */
const isLocalClient = (request: FastifyRequest) =>
  isLoopback(request.ip) &&
  isLoopbackHost(request.headers.host) &&
  FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);

function refusalOf(request: FastifyRequest, token: string | undefined): HttpError | undefined {
  if (token === undefined) {
    return isLocalClient(request)
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
    // Any Host: Prometheus scrapes each replica by its address with the token; without one,
    // refusalOf asks for a loopback name.
    app.get('/metrics', { logLevel: 'warn', config: { anyHost: true } }, async (request, reply) => {
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
