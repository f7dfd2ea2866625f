import {
  type RunningTargetKind,
  targetParamsSchema,
  targetTicketSchema,
  targetTunnelSchema,
  terminalTicketSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDatabase } from '../../db';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { targetAccessOf } from '../../target-proxy/target-access';
import { terminalUrl } from '../../target-proxy/terminal/terminal-path';
import { issueTicket, TICKET_TTL_MS, ticketUrl } from '../../target-proxy/tickets';
import { tunnelUrl } from '../../target-proxy/tunnel/tunnel-path';
import { issueTunnelToken } from '../../target-proxy/tunnel/tunnel-token';
import { problemOf } from '../../targets/failures';
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
async function runningTarget(
  db: ApiDatabase,
  targetId: string,
  userId: string,
  kind: RunningTargetKind,
) {
  const target = await targetAccessOf(db, targetId, userId);
  if (!target?.allowed) throw apiErrors.notFound('Target not found');
  if (target.kind !== kind) {
    if (kind === 'http') throw apiErrors.notAnHttpTarget();
    throw kind === 'tcp' ? apiErrors.notATcpTarget() : apiErrors.notABox();
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

  app.post(
    '/targets/:targetId/terminal',
    {
      schema: {
        tags: ['targets'],
        summary: 'Open a running attack box’s terminal (its owner types; its teachers watch)',
        description:
          'A WebSocket URL with a single-use ticket, good for a minute, to open from ' +
          'HackClass’s own pages (the Origin is checked). Binary messages carry the screen ' +
          'and, from the box’s owner, keystrokes; text messages are JSON (`resize` from the ' +
          'owner, `watchers` to them). The socket closes with 4000 when the box stops and ' +
          '1008 when the user may no longer reach it. Whoever may not reach the box gets 404.',
        security: write,
        params: targetParamsSchema,
        response: {
          200: terminalTicketSchema,
          ...errorResponses(
            'not_found',
            'not_a_box',
            'target_not_running',
            'box_gone',
            'engine_unreachable',
          ),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const box = await runningTarget(app.db, request.params.targetId, user.id, 'box');
      // A box that died since (its shell's container killed) is said so now, not as a
      // terminal that closes at once; the janitor records it.
      const container = await app.targets.driver?.inspect(box.id).catch((error: unknown) => {
        throw problemOf(error) ?? error;
      });
      if (!container?.running) {
        throw apiErrors.engineFailure('box_gone', 'This attack box stopped: start it again');
      }
      const ticket = await issueTicket(app.db, { targetId: box.id, userId: user.id });
      return { url: terminalUrl(options.publicUrl, box.id, ticket), watching: !box.owner };
    },
  );
};
