import { Redis } from 'ioredis';
import type { DependencyStatus } from './health';

const PING_TIMEOUT_MS = 1_000;

/**
 * Whether Redis answers a PING, for `/readyz`, over a connection of its own that reconnects by
 * itself. Rate limits and live events go on without Redis (each replica alone), so it degrades.
 */
export function redisReadiness(url: string): {
  check: () => Promise<DependencyStatus>;
  close: () => void;
} {
  const client = new Redis(url, {
    maxRetriesPerRequest: 0,
    connectTimeout: PING_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Reported by the check; ioredis would otherwise print every failed reconnect.
  client.on('error', () => {});
  return {
    async check() {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.ping(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`Redis did not answer within ${PING_TIMEOUT_MS} ms`)),
              PING_TIMEOUT_MS,
            );
          }),
        ]);
        return { status: 'ok' };
      } catch (error) {
        return { status: 'degraded', detail: (error as Error).message };
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => client.disconnect(),
  };
}
