import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context';
import { checkProvider } from '../federation/check-provider';
import {
  findProvider,
  listProviders,
  parseProviderSettings,
  presentProvider,
  removeProvider,
  saveProvider,
} from '../federation/providers';
import { ProtocolError } from '../protocol/errors';
import { bodyOf } from '../protocol/fields';

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

async function existing(ctx: IdentityContext, id: string) {
  const provider = await findProvider(ctx, id);
  if (!provider) throw new ProtocolError('INVALID_PROVIDER_ID', `No provider is called ${id}`);
  return provider;
}

/** The sign-in providers, for the product's admins; behind the admin API's service secret. */
export async function adminProviderRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.get('/providers', async () => ({
    providers: (await listProviders(ctx)).map(presentProvider),
  }));

  app.put('/providers/:id', async (request) => {
    const settings = parseProviderSettings({ ...bodyOf(request), id: idOf(request) });
    return presentProvider(await saveProvider(ctx, settings));
  });

  app.delete('/providers/:id', async (request) => {
    if (!(await removeProvider(ctx, idOf(request)))) {
      throw new ProtocolError('INVALID_PROVIDER_ID', `No provider is called ${idOf(request)}`);
    }
    return {};
  });

  app.post('/providers/:id/check', async (request) => ({
    checks: await checkProvider(ctx, await existing(ctx, idOf(request))),
  }));
}
