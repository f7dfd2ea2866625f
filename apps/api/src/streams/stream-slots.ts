import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** Gives a slot back; once, however often it is called. */
export type Release = () => void;

/**
 * Counts what users hold open (event streams) and refuses past a limit: in this process alone,
 * or across every replica through Redis.
 */
export interface StreamSlots {
  /** A slot under `key`, or undefined when `max` are held already. */
  take(key: string, max: number): Promise<Release | undefined>;
  close(): Promise<void>;
}

const once = (release: () => void): Release => {
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    release();
  };
};

/** Slots counted in this process: a single server's, or a replica's while Redis is away. */
export function localStreamSlots(): StreamSlots {
  const held = new Map<string, number>();
  return {
    async take(key, max) {
      const count = held.get(key) ?? 0;
      if (count >= max) return undefined;
      held.set(key, count + 1);
      return once(() => {
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      });
    },
    async close() {},
  };
}

/**
 * A slot is a member of the key's sorted set, scored with the end of its lease; a replica
 * renews its slots' leases while they are held, so the slots of a replica that died lapse on
 * their own. Expired slots are dropped, counted and added in one script: two replicas asked at
 * once cannot both take the last slot.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** How long a slot stays counted unless its replica renews it; renewed at a third of that. */
export const SLOT_LEASE_MS = 60_000;
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

export interface RedisStreamSlotsOptions {
  /** Where Redis going away, and coming back, is said once each time (pino's calls). */
  log: { warn(fields: object, message: string): void; info(message: string): void };
  /** Keys are prefixed with it. */
  prefix?: string;
  leaseMs?: number;
}

/**
 * Slots shared by every replica through Redis. While Redis does not answer, a replica counts
 * its own streams alone (a limit is never lifted, only counted per replica). Resolves once
 * connected, or at the first connection error: the API then starts counting alone.
 */
export async function redisStreamSlots(
  redisUrl: string,
  { log, prefix = 'hackclass:streams:', leaseMs = SLOT_LEASE_MS }: RedisStreamSlotsOptions,
): Promise<StreamSlots> {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  redis.on('error', () => {});
  await new Promise((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
  });
  const local = localStreamSlots();
  const renewing = new Set<NodeJS.Timeout>();
  let away = false;

  return {
    async take(key, max) {
      const slot = randomUUID();
      const redisKey = `${prefix}${key}`;
      const now = Date.now();
      let taken: number;
      try {
        taken = (await redis.eval(
          TAKE,
          1,
          redisKey,
          now,
          max,
          now + leaseMs,
          slot,
          leaseMs * 2,
        )) as number;
      } catch (error) {
        if (!away) {
          away = true;
          log.warn(
            { err: error },
            'event streams: Redis cannot be reached, so this process counts its own streams alone until it answers again',
          );
        }
        return local.take(key, max);
      }
      if (away) {
        away = false;
        log.info('event streams: Redis answers again, streams are counted across replicas again');
      }
      if (taken !== 1) return undefined;
      const renew = setInterval(() => {
        const until = Date.now() + leaseMs;
        redis
          .multi()
          .zadd(redisKey, 'XX', until, slot)
          .pexpire(redisKey, leaseMs * 2)
          .exec()
          .catch(() => undefined);
      }, leaseMs / 3);
      renew.unref();
      renewing.add(renew);
      return once(() => {
        clearInterval(renew);
        renewing.delete(renew);
        redis.zrem(redisKey, slot).catch(() => undefined);
      });
    },
    async close() {
      for (const renew of renewing) clearInterval(renew);
      renewing.clear();
      if (redis.status !== 'ready') return redis.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
