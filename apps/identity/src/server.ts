import { createService, problemHandlers, type ServiceContext } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import { identityApp } from './app';
import { identityOptionsOf } from './options';

/** The identity service alone, as a scaled-out deployment runs it. */
export async function buildIdentityServer(context: ServiceContext): Promise<FastifyInstance> {
  const app = await createService(context);
  await app.register(problemHandlers);
  await app.register(identityApp, identityOptionsOf(context));
  return app;
}
