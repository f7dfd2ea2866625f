import {
  providerCheckSchema,
  signInProviderButtonSchema,
  signInProviderInputSchema,
  signInProviderSchema,
} from '@hackclass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import type { IdentityAdmin } from '../../identity-admin/client';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { isAdmin } from '../../policies/actors';
import { read, write } from '../security';

const tags = ['sign-in providers'];
const params = z.object({ id: signInProviderInputSchema.shape.id });

function requireAdmin(request: FastifyRequest) {
  if (!isAdmin(principalOf(request).user)) {
    throw apiErrors.forbidden('Only admins manage sign-in providers');
  }
}

/**
 * The schools' OpenID Connect providers: their buttons for everyone, their settings for admins.
 * The identity service keeps them (client secrets sealed); these routes ask it.
 */
export const signInProviderRoutes: FastifyPluginAsyncZod<{ identityAdmin: IdentityAdmin }> = async (
  app,
  { identityAdmin },
) => {
  app.get(
    '/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The providers the sign-in and sign-up pages offer a button for',
        response: { 200: z.object({ providers: z.array(signInProviderButtonSchema) }) },
      },
    },
    async () => ({ providers: await identityAdmin.providers.buttons() }),
  );

  app.get(
    '/admin/sign-in-providers',
    {
      schema: {
        tags,
        summary: 'Every sign-in provider with its settings, never its client secret (admins only)',
        security: read,
        response: {
          200: z.object({ providers: z.array(signInProviderSchema) }),
          ...errorResponses('forbidden'),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { providers: await identityAdmin.providers.list() };
    },
  );

  app.put(
    '/admin/sign-in-providers/:id',
    {
      schema: {
        tags,
        summary:
          'Add a sign-in provider or change one; without a client secret, a change keeps the ' +
          'stored one (admins only)',
        security: write,
        params,
        body: signInProviderInputSchema.omit({ id: true }),
        response: {
          200: signInProviderSchema,
          ...errorResponses(
            'forbidden',
            'validation_failed',
            'bad_request',
            'providers_in_firebase',
          ),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return identityAdmin.providers.save({ ...request.body, id: request.params.id });
    },
  );

  app.delete(
    '/admin/sign-in-providers/:id',
    {
      schema: {
        tags,
        summary:
          'Remove a sign-in provider: its accounts stay, and sign in by password or another ' +
          'provider once linked (admins only)',
        security: write,
        params,
        response: {
          204: z.null(),
          ...errorResponses('forbidden', 'not_found', 'providers_in_firebase'),
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await identityAdmin.providers.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/sign-in-providers/:id/check',
    {
      schema: {
        tags,
        summary:
          'Test a provider’s set-up: its discovery document, its signing keys, and whether it ' +
          'knows the client id and secret (admins only)',
        security: write,
        params,
        response: {
          200: z.object({ checks: z.array(providerCheckSchema) }),
          ...errorResponses('forbidden', 'not_found', 'providers_in_firebase'),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { checks: await identityAdmin.providers.check(request.params.id) };
    },
  );
};
