import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { apiApp, apiOptionsOf, targetProxy, targetProxyOptionsOf } from '@hackclass/api';
import { createService, problemHandlers, type ServiceContext } from '@hackclass/http';
import { identityApp, identityOptionsOf } from '@hackclass/identity';
import type { FastifyInstance } from 'fastify';
import { identityOriginsOf, providerPageSourcesOf, runtimeConfigOf } from './runtime-config';
import { pageOrNotFound, webApp } from './web-app';

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The web app's renderer of signed-in pages, built beside it. */
export const defaultWebRenderer = fileURLToPath(
  new URL('../../web/dist-server/signed-in-pages.js', import.meta.url),
);

export interface AllInOneOptions {
  /** The built web app; `null` for identity and API alone (tools such as the demo seed). */
  webRoot?: string | null;
  /** Its renderer of signed-in pages; without the file, those pages render in the browser. */
  webRenderer?: string;
}

/**
 * Identity (unless accounts live in a Firebase project), product API (under `/api`) and the
 * built web app, in one process on one port.
 */
export async function buildServer(
  context: ServiceContext,
  { webRoot = defaultWebRoot, webRenderer = defaultWebRenderer }: AllInOneOptions = {},
): Promise<FastifyInstance> {
  const app = await createService(context);
  // First: requests for a live target's host name are the target's, not the app's.
  await app.register(targetProxy, targetProxyOptionsOf(context));
  await app.register(problemHandlers, { notFound: pageOrNotFound });
  const runtimeConfig = runtimeConfigOf(context.config);
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });
  if (context.config.firebase) {
    // Accounts live in the Firebase project: the built-in identity service is off.
    await app.register(apiApp, { prefix: '/api', ...apiOptionsOf(context) });
  } else {
    // Unless configured, a secret only this process knows: the admin API is then for in-process use.
    const identityAdminSecret =
      context.config.identity.adminSecret ?? randomBytes(32).toString('base64url');
    await app.register(
      identityApp,
      identityOptionsOf(context, { adminSecret: identityAdminSecret }),
    );
    await app.register(apiApp, {
      prefix: '/api',
      ...apiOptionsOf(context, { adminSecret: identityAdminSecret }),
    });
  }
  if (webRoot !== null) {
    await app.register(webApp, {
      root: webRoot,
      connectSources: identityOriginsOf(runtimeConfig),
      ...providerPageSourcesOf(context.config),
      signedInPages: {
        renderer: webRenderer,
        runtimeConfig,
        publicUrl: context.config.publicUrl,
        apiPrefix: '/api',
      },
    });
  }
  return app;
}
