import { roleChangeSchema, userParamsSchema, userSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/authentication';
import { changeRole } from '../../users/change-role';
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

  app.patch(
    '/users/:id/role',
    {
      schema: {
        tags: ['users'],
        summary: 'Change a user’s role (admins only; not their own)',
        security: [{ idToken: [], antiforgery: [] }],
        params: userParamsSchema,
        body: roleChangeSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const updated = await changeRole(app.db, user, request.params.id, request.body.roleId);
      return presentUser(updated);
    },
  );
};
