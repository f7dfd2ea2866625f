import { createService, type ServiceContext } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import { identityApp } from './app';

/** The identity service alone, as a scaled-out deployment runs it. */
export async function buildIdentityServer(context: ServiceContext): Promise<FastifyInstance> {
  const app = await createService(context);
  await app.register(identityApp, { connection: context.connection });
  return app;
}
