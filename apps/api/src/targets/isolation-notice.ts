import type { TargetDriver } from '@hackclass/engine';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Says once at start whether the host firewall keeps targets off the host and other networks:
 * without it a student's target can reach whatever listens on the host's addresses.
 */
export async function reportIsolation(driver: TargetDriver, log: FastifyBaseLogger) {
  if (!driver.isolation) return;
  try {
    const report = await driver.isolation();
    if (report.guarded) log.info(`targets: ${report.message}`);
    else log.warn(`targets: ${report.message}`);
  } catch (error) {
    log.warn({ err: error }, 'targets: could not check the host firewall');
  }
}
