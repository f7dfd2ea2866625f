import { createService, type ServiceContext } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import { apiApp } from './app';
import { apiOptionsOf } from './options';
import { targetProxy, targetProxyOptionsOf } from './target-proxy/plugin';

/** The product API alone, as a scaled-out deployment runs it, with the proxy to live targets. */
export async function buildApiServer(context: ServiceContext): Promise<FastifyInstance> {
  const app = await createService(context);
  await app.register(targetProxy, targetProxyOptionsOf(context));
  await app.register(apiApp, { prefix: '/api', ...apiOptionsOf(context) });
  return app;
}
