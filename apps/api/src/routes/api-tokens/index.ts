import {
  apiTokenListSchema,
  apiTokenPageQuerySchema,
  apiTokenPageSchema,
  apiTokenParamsSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiToken } from '../../api-tokens/create-api-token';
import { listAllApiTokens, listOwnApiTokens } from '../../api-tokens/list-api-tokens';
import { revokeApiToken } from '../../api-tokens/revoke-api-token';
import { apiErrors } from '../../errors';
import { type principalOf, signedInPersonOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { isAdmin } from '../../policies/actors';
import { browserRead, browserWrite } from '../security';

const tags = ['api-tokens'];
/** Tokens are managed by a person signed in, never by another token. */
const config = { apiTokens: false } as const;

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/api-tokens',
    {
      config,
      schema: {
        tags,
        summary: 'The signed-in user’s personal API tokens, newest first (never their secrets)',
        security: browserRead,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => listOwnApiTokens(app.db, signedInPersonOf(request).user.id),
  );

  app.post(
    '/users/me/api-tokens',
    {
      config,
      schema: {
        tags,
        summary:
          'Create a personal API token for scripts and CI: its secret is answered this once and ' +
          'stored only hashed; the admin scope is for admins',
        security: browserWrite,
        body: createApiTokenSchema,
        response: {
          201: createdApiTokenSchema,
          ...errorResponses('forbidden', 'api_token_limit'),
        },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, signedInPersonOf(request).user, request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/users/me/api-tokens/:tokenId',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke one of the signed-in user’s API tokens: refused from its next request',
        security: browserWrite,
        params: apiTokenParamsSchema,
        response: { 204: z.null(), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.db, request.params.tokenId, signedInPersonOf(request).user.id);
      return reply.code(204).send(null);
    },
  );

  const adminOnly = (request: Parameters<typeof principalOf>[0]) => {
    if (!isAdmin(signedInPersonOf(request).user)) {
      throw apiErrors.forbidden('Only admins see everyone’s API tokens');
    }
  };

  app.get(
    '/api-tokens',
    {
      config,
      schema: {
        tags,
        summary: 'Every API token with its owner, searched by the owner’s email or name (admins)',
        security: browserRead,
        querystring: apiTokenPageQuerySchema,
        response: {
          200: apiTokenPageSchema,
          ...errorResponses('forbidden'),
        },
      },
    },
    async (request) => {
      adminOnly(request);
      return listAllApiTokens(app.db, request.query);
    },
  );

  app.delete(
    '/api-tokens/:tokenId',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke anyone’s API token (admins)',
        security: browserWrite,
        params: apiTokenParamsSchema,
        response: { 204: z.null(), ...errorResponses('forbidden', 'not_found') },
      },
    },
    async (request, reply) => {
      adminOnly(request);
      await revokeApiToken(app.db, request.params.tokenId);
      return reply.code(204).send(null);
    },
  );
};
