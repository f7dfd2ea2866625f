import fastifyRateLimit from '@fastify/rate-limit';
import { addressBucket } from '@hackclass/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { apiErrors } from '../errors';
import { redisOutageLog, redisStoreFallingBack } from './rate-limit-store';
import { helmetHeaders } from './security-headers';

export interface SecurityOptions {
  /** Shared counters across replicas; without it each process counts alone. */
  redisUrl?: string | undefined;
  /** Requests per minute for one user (or one address, before sign-in). */
  requestsPerMinute?: number;
}

const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Rate limits count per signed-in user, so a classroom behind one school NAT is not one client;
 * before sign-in, per client address, an IPv6 client's whole /64 being one (`addressBucket`).
 */
const rateLimitKey = (request: FastifyRequest) =>
  request.principal ? `user:${request.principal.user.id}` : `ip:${addressBucket(request.ip)}`;

/**
 * Counters in Redis, shared by replicas. A command fails at once while Redis is away (no offline
 * queue, a timeout for one that hangs), and the store counts in this process meanwhile: a Redis
 * outage neither takes the API down nor lifts its limits.
 */
function sharedStore(app: FastifyInstance, redisUrl: string) {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // The store logs the outage once; ioredis would print every failed reconnect.
  redis.on('error', () => {});
  app.addHook('onClose', async () => {
    if (redis.status !== 'ready') return redis.disconnect();
    await redis.quit().catch(() => redis.disconnect());
  });
  return redisStoreFallingBack(redis, 'hackclass:rate:', redisOutageLog(app.log));
}

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
    await app.register(fastifyRateLimit, {
      global: true,
      hook: 'preHandler',
      max: requestsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: rateLimitKey,
      ...(redisUrl ? { store: sharedStore(app, redisUrl) } : {}),
      errorResponseBuilder: (_request, context) =>
        apiErrors.rateLimited(`Try again in ${context.after}`),
    });
  },
  { name: 'security' },
);
