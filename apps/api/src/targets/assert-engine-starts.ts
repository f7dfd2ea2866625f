import { apiErrors } from '../errors';
import type { TargetService } from './service';

/**
 * Refuses a start now rather than failing it after the click: an engine that does not answer,
 * or a host firewall guard not in place. The shared check's short ping can miss a busy engine,
 * so the engine is asked once more, with the driver's own patience, before refusing.
 */
export async function assertEngineStarts(service: TargetService): Promise<void> {
  const { driver } = service;
  if (!driver || (await service.engineStatus()).status === 'ok') return;
  const answers = await driver.ping().then(
    () => true,
    () => false,
  );
  if (!answers) throw apiErrors.engineUnreachable();
  // The guard checked again now: one that failed a moment ago (a firewall reload) may be back.
  const isolation = driver.guardIsolation
    ? await driver.guardIsolation()
    : await driver.isolation?.();
  if (isolation && !isolation.guarded && !isolation.leftToOperator) {
    throw apiErrors.isolationUnavailable();
  }
}
