import type { TargetDriver } from '@hackclass/engine';
import type { DependencyStatus } from '@hackclass/http';

const PING_TIMEOUT_MS = 2_000;

/** Whether the engine answers, for `/readyz`: a silent engine leaves the rest of HackClass up. */
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
    return { status: 'ok' };
  } catch (error) {
    return { status: 'degraded', detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
