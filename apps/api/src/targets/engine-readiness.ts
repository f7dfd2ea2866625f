import type { TargetDriver } from '@hackclass/engine';
import type { DependencyStatus } from '@hackclass/http';

const PING_TIMEOUT_MS = 2_000;
const CACHE_MS = 5_000;

/**
 * Whether the engine answers and targets may start, for `/readyz`: a silent engine, or a host
 * firewall guard that is not in place (no target starts then), leaves the rest of HackClass up.
 */
export async function engineStatus(driver: TargetDriver): Promise<DependencyStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the engine did not answer within ${PING_TIMEOUT_MS} ms`)),
      PING_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([driver.ping(), timeout]);
    const isolation = await driver.isolation?.();
    if (isolation && !isolation.guarded && !isolation.leftToOperator) {
      return { status: 'degraded', detail: isolation.message };
    }
    return { status: 'ok' };
  } catch (error) {
    return { status: 'degraded', detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `engineStatus`, asked at most once every few seconds: readiness and every student's lab page
 * read it. No engine set up is `degraded` too.
 */
export function cachedEngineStatus(
  driver: TargetDriver | undefined,
  ttlMs = CACHE_MS,
): () => Promise<DependencyStatus> {
  if (!driver) return async () => ({ status: 'degraded', detail: 'no engine is set up' });
  let last: { at: number; answer: Promise<DependencyStatus> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) {
      last = { at: Date.now(), answer: engineStatus(driver) };
    }
    return last.answer;
  };
}
