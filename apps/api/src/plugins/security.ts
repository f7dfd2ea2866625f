import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { apiErrors } from '../errors';
import { helmetHeaders } from './security-headers';

export interface SecurityOptions {
  /** Shared counters across replicas; without it each process counts alone. */
  redisUrl?: string | undefined;
  /** Requests per minute for one user (or one address, before sign-in). */
  requestsPerMinute?: number;
}

/** Rate limits count per signed-in user, so a classroom behind one school NAT is not one client. */
const rateLimitKey = (request: FastifyRequest) =>
  request.principal ? `user:${request.principal.user.id}` : `ip:${request.ip}`;

/**
 * Security headers on every answer, and rate limits per user or address. Limits run after
 * authentication (preHandler), so they can count per user.
 */
export const security = fp<SecurityOptions>(
  async (app: FastifyInstance, { redisUrl, requestsPerMinute = 600 }) => {
    // The API answers JSON and files, never pages: nothing it sends may run, load or be framed.
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    // Answers are one user's data: no browser or shared cache may keep them.
    app.addHook('onSend', async (_request, reply) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (/^application\/(problem\+)?json\b/.test(type) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
    const redis = redisUrl
      ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(fastifyRateLimit, {
      global: true,
      hook: 'preHandler',
      max: requestsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: rateLimitKey,
      ...(redis ? { redis, nameSpace: 'hackclass:rate:' } : {}),
      // A Redis outage must not take the API down with it.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        apiErrors.rateLimited(`Try again in ${context.after}`),
    });
  },
  { name: 'security' },
);
