import { targetParamsSchema, targetTicketSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { targetAccessOf } from '../../targets/proxy/target-access';
import { issueTicket, TICKET_TTL_MS, ticketUrl } from '../../targets/proxy/tickets';

export interface TargetTicketOptions {
  /** The origin users reach (PUBLIC_URL): Open links use its scheme and port. */
  publicUrl: string;
  /** Targets' host names end in it (LABS_DOMAIN). */
  labsDomain: string;
}

export const targetTicketRoutes: FastifyPluginAsyncZod<TargetTicketOptions> = async (
  app,
  options,
) => {
  app.post(
    '/targets/:targetId/ticket',
    {
      schema: {
        tags: ['targets'],
        summary: 'The Open link of a running HTTP target (its owner, classroom managers, admins)',
        description:
          `A single-use link, good for ${TICKET_TTL_MS / 1000} seconds, to the target's own host ` +
          'name: opening it sets a cookie for that host alone and shows the target. ' +
          'Whoever may not open the target gets 404.',
        security: [{ idToken: [], antiforgery: [] }],
        params: targetParamsSchema,
        response: {
          200: targetTicketSchema,
          ...errorResponses('not_found', 'not_an_http_target', 'target_not_running'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const target = await targetAccessOf(app.db, request.params.targetId, user.id);
      if (!target?.allowed) throw apiErrors.notFound('Target not found');
      if (target.kind !== 'http') throw apiErrors.notAnHttpTarget();
      if (target.state !== 'running') throw apiErrors.targetNotRunning();
      const ticket = await issueTicket(app.db, { targetId: target.id, userId: user.id });
      return { url: ticketUrl(options, target.id, ticket) };
    },
  );
};
