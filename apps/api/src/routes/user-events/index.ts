import type { UserEvent } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import {
  eventStreamResponse,
  eventStreams,
  HEARTBEAT_MS,
  MAX_STREAMS_PER_USER,
  RETRY_MS,
} from '../event-stream';
import { read } from '../security';

const description = `Server-sent events (text/event-stream) for the signed-in user, wherever they
have the app open. It starts with \`retry: ${RETRY_MS}\`; then each event is one frame,
\`event: notification\` and \`data: <JSON of the event>\` carrying the new notification. A comment
line (\`: heartbeat\`) comes every ${HEARTBEAT_MS / 1000} s. The stream ends when the server shuts
down or the ID token expires (reconnect with a fresh token); at most ${MAX_STREAMS_PER_USER}
streams per user, all replicas together where they share Redis (429 beyond).`;

export const userEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStream = eventStreams(app, 'user');

  app.get(
    '/users/me/events',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Live events of the signed-in user (new notifications), as server-sent events',
        description,
        security: read,
        produces: ['text/event-stream'],
        response: {
          ...errorResponses('too_many_streams'),
          200: eventStreamResponse,
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      return openStream<UserEvent>(request, reply, (stream) =>
        app.userEvents.subscribe(user.id, (event) => stream.write(event)),
      );
    },
  );
};
