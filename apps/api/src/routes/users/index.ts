import { userSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/authentication';
import { presentUser } from '../../users/present-user';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, created on first sight of a valid ID token',
        security: [{ idToken: [] }],
        response: { 200: userSchema },
      },
    },
    async (request) => presentUser(principalOf(request).user),
  );
};
