import type { FastifyBaseLogger } from 'fastify';
import type { ApiDatabase } from '../db';
import { targetDriverOf } from '../options';
import { ensureDeployment } from './deployment';
import { type LabsConfig, type TargetService, targetService } from './service';

/**
 * The targets domain for work done outside a running API (the operator's command line): this
 * deployment and its configured engine, with no janitor. Close it to wait for its stops.
 */
export async function standaloneTargets(
  db: ApiDatabase,
  labs: LabsConfig,
  log: FastifyBaseLogger,
): Promise<TargetService> {
  const deployment = await ensureDeployment(db);
  return targetService({
    deployment,
    driver: targetDriverOf(labs)?.(deployment.id),
    config: labs,
    db,
    log,
  });
}
