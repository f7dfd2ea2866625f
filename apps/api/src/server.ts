import { createService, type ServiceContext } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import { apiApp } from './app';
import { apiOptionsOf } from './options';

/** The product API alone, as a scaled-out deployment runs it. */
export async function buildApiServer(context: ServiceContext): Promise<FastifyInstance> {
  const app = await createService(context);
  await app.register(apiApp, { prefix: '/api', ...apiOptionsOf(context) });
  return app;
}
