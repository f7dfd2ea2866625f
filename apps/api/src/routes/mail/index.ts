import {
  mailOutboxQuerySchema,
  mailOutboxSchema,
  outboxMailParamsSchema,
  outboxMailSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '../../errors';
import { listOutbox } from '../../outbox/list-outbox';
import { retryMail } from '../../outbox/retry-mail';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { isAdmin } from '../../policies/actors';
import { read, write } from '../security';

const tags = ['mail'];

/** The outbox for admins: what was sent, what waits for a retry, what failed. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/mail',
    {
      schema: {
        tags,
        summary:
          'A page of the mail outbox, newest first, filtered by status, with the count of each ' +
          'status; never the bodies (admins only)',
        security: read,
        querystring: mailOutboxQuerySchema,
        response: { 200: mailOutboxSchema, ...errorResponses('forbidden') },
      },
    },
    async (request) => {
      if (!isAdmin(principalOf(request).user)) throw apiErrors.forbidden('Only admins see mail');
      return listOutbox(app.db, request.query);
    },
  );

  app.post(
    '/admin/mail/:id/retry',
    {
      schema: {
        tags,
        summary:
          'Send a failed mail again, with every attempt available, unless its link no longer ' +
          'works (admins only)',
        security: write,
        params: outboxMailParamsSchema,
        response: {
          200: outboxMailSchema,
          ...errorResponses('forbidden', 'not_found', 'mail_link_dead'),
        },
      },
    },
    async (request) => {
      if (!isAdmin(principalOf(request).user)) throw apiErrors.forbidden('Only admins retry mail');
      return retryMail(app.db, request.params.id);
    },
  );
};
