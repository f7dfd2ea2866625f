import type { FastifyBaseLogger } from 'fastify';
import type { ApiDatabase } from './db';
import { createDispatcher } from './domain-events/dispatcher';
import { withDomainEvents } from './domain-events/record-event';
import { targetDriverOf } from './options';
import { targetRelease } from './subscribers/target-release';
import { ensureDeployment } from './targets/deployment';
import { type LabsConfig, type TargetService, targetService } from './targets/service';

/**
 * The targets domain for work done outside a running API (the operator's command line): this
 * deployment and its configured engine, with no janitor. Targets it marks `stopping` are
 * released as the API releases them. Close it to wait for its stops.
 */
export async function standaloneTargets(
  db: ApiDatabase,
  labs: LabsConfig,
  log: FastifyBaseLogger,
): Promise<TargetService> {
  const deployment = await ensureDeployment(db);
  const dispatcher = createDispatcher(log);
  const service = targetService({
    deployment,
    driver: await targetDriverOf(labs)?.(deployment.id),
    config: labs,
    db: withDomainEvents(db, dispatcher.dispatch),
    log,
  });
  dispatcher.subscribe(targetRelease(service));
  return service;
}
