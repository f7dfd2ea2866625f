import type { Connection } from '@hackclass/db';

/**
 * The start-up warning for replicas that may share a database (PostgreSQL, DATABASE_URL) but no
 * Redis: each process then counts rate limits, flag guesses included, and sends live events on
 * its own, so N replicas allow N times each limit.
 */
export function perProcessWarning(
  database: Connection['kind'],
  redisUrl: string | undefined,
): string | undefined {
  if (database !== 'postgres' || redisUrl) return undefined;
  return 'DATABASE_URL is set but REDIS_URL is not: rate limits and live events are per process; with several replicas, set REDIS_URL';
}
