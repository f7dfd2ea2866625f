import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit asks of a store: count (`incr`), look (`read`), one per route. */
export interface CountingStore {
  incr(key: string, callback: Counted, timeWindow: number, max: number): void;
  read(key: string, callback: Counted, timeWindow: number, max: number): void;
  child(routeOptions: object): CountingStore;
}

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's own Redis and in-process stores, which it ships without types and builds only
// when given no store of ours. Same counters, same keys as when it builds them.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => CountingStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => CountingStore;

/** Says once that Redis went away and once that it is back, however many counts fall back. */
export function redisOutageLog(log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  let away = false;
  return {
    failed(error: Error) {
      if (away) return;
      away = true;
      log.warn(
        { err: error },
        'rate limits: Redis cannot be reached, so this process counts alone until it answers again',
      );
    },
    answered() {
      if (!away) return;
      away = false;
      log.info('rate limits: Redis answers again, counts are shared again');
    },
  };
}

export type RedisOutageLog = ReturnType<typeof redisOutageLog>;

/**
 * Counts in `shared` (Redis) and, whenever it fails, in `own` (this process) instead: a limit is
 * never lifted by a Redis outage, only counted per replica until Redis answers again. Counts
 * made apart are not merged: each side goes on from what it last saw.
 */
export class FallingBackStore implements CountingStore {
  constructor(
    private readonly shared: CountingStore,
    private readonly own: CountingStore,
    private readonly outage: RedisOutageLog,
  ) {}

  incr(key: string, callback: Counted, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Counted, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  child(routeOptions: object): CountingStore {
    return new FallingBackStore(
      this.shared.child(routeOptions),
      this.own.child(routeOptions),
      this.outage,
    );
  }

  private count(
    method: 'incr' | 'read',
    key: string,
    callback: Counted,
    timeWindow: number,
    max: number,
  ): void {
    const onShared: Counted = (error, result) => {
      if (!error) {
        this.outage.answered();
        callback(null, result);
        return;
      }
      this.outage.failed(error);
      this.own[method](key, callback, timeWindow, max);
    };
    this.shared[method](key, onShared, timeWindow, max);
  }
}

/**
 * The `store` option of @fastify/rate-limit: counters in Redis under `nameSpace`, in this process
 * while Redis cannot be reached. The plugin constructs it once and asks it for a child per route.
 */
export function redisStoreFallingBack(redis: Redis, nameSpace: string, outage: RedisOutageLog) {
  return class RateLimitStore extends FallingBackStore {
    constructor({ continueExceeding = false, exponentialBackoff = false }: StoreOptions) {
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        outage,
      );
    }
  };
}
