import { userActivitySchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userActivity } from '../../analytics/user-activity';
import { principalOf } from '../../plugins/authentication';
import { read } from '../security';

export const userActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/activity',
    {
      schema: {
        tags: ['users'],
        summary:
          'The caller’s recent solves and standings; for teachers and admins also the requests ' +
          'to join and latest submissions in the classrooms they created',
        security: read,
        response: { 200: userActivitySchema },
      },
    },
    async (request) => userActivity(app.db, principalOf(request).user),
  );
};
