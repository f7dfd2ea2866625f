import {
  type TargetKind,
  targetParamsSchema,
  targetTicketSchema,
  targetTunnelSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDatabase } from '../../db';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { targetAccessOf } from '../../target-proxy/target-access';
import { issueTicket, TICKET_TTL_MS, ticketUrl } from '../../target-proxy/tickets';
import { tunnelUrl } from '../../target-proxy/tunnel/tunnel-path';
import { issueTunnelToken } from '../../target-proxy/tunnel/tunnel-token';
import { write } from '../security';

export interface TargetTicketOptions {
  /** The origin users reach (PUBLIC_URL): Open links use its scheme and port. */
  publicUrl: string;
  /** Targets' host names end in it (LABS_DOMAIN). */
  labsDomain: string;
}

/**
 * The running target of `kind` the user may reach: 404 for whoever may not (as if it did not
 * exist), 400 for the other kind, 409 when it does not run.
 */
async function runningTarget(db: ApiDatabase, targetId: string, userId: string, kind: TargetKind) {
  const target = await targetAccessOf(db, targetId, userId);
  if (!target?.allowed) throw apiErrors.notFound('Target not found');
  if (target.kind !== kind) {
    throw kind === 'http' ? apiErrors.notAnHttpTarget() : apiErrors.notATcpTarget();
  }
  if (target.state !== 'running') throw apiErrors.targetNotRunning();
  return target;
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
        security: write,
        params: targetParamsSchema,
        response: {
          200: targetTicketSchema,
          ...errorResponses('not_found', 'not_an_http_target', 'target_not_running'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const target = await runningTarget(app.db, request.params.targetId, user.id, 'http');
      const ticket = await issueTicket(app.db, { targetId: target.id, userId: user.id });
      return { url: ticketUrl(options, target.id, ticket) };
    },
  );

  app.post(
    '/targets/:targetId/tunnel',
    {
      schema: {
        tags: ['targets'],
        summary: 'The tunnel to a running TCP target (its owner, classroom managers, admins)',
        description:
          'A WebSocket URL and a token for it, good for 12 hours: a client that connects with ' +
          '`Authorization: Bearer <token>` relays one TCP connection to the target per ' +
          'WebSocket (`hackclass connect`). Tunnels close when the target stops or the holder ' +
          'may no longer reach it. Whoever may not reach the target gets 404.',
        security: write,
        params: targetParamsSchema,
        response: {
          200: targetTunnelSchema,
          ...errorResponses('not_found', 'not_a_tcp_target', 'target_not_running'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const target = await runningTarget(app.db, request.params.targetId, user.id, 'tcp');
      const { token, expiresAt } = await issueTunnelToken(app.db, {
        targetId: target.id,
        userId: user.id,
      });
      return {
        url: tunnelUrl(options.publicUrl, target.id),
        token,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );
};
