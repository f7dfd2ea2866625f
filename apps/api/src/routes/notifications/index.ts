import {
  markNotificationsReadSchema,
  notificationListSchema,
  userParamsSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import { listNotifications, markNotificationsRead } from '../../notifications/inbox';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { isAdmin } from '../../policies/actors';
import { read, write } from '../security';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/notifications',
    {
      schema: {
        tags,
        summary: 'A user’s newest notifications and unread count (the user themself or an admin)',
        security: read,
        params: userParamsSchema,
        response: { 200: notificationListSchema, ...errorResponses('forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      if (request.params.id !== user.id && !isAdmin(user)) {
        throw apiErrors.forbidden('You may see only your own notifications');
      }
      return listNotifications(app.db, request.params.id);
    },
  );

  app.post(
    '/users/:id/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark the given notifications, or all, as read (the user themself)',
        security: write,
        params: userParamsSchema,
        body: markNotificationsReadSchema,
        response: { 204: z.null(), ...errorResponses('forbidden') },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (request.params.id !== user.id) {
        throw apiErrors.forbidden('You may mark only your own notifications');
      }
      await markNotificationsRead(app.db, user.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );
};
