import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type ClassroomEvent, classroomParamsSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classroomFor } from '../../classrooms/access';
import { principalOf } from '../../plugins/authentication';

/** Proxies and load balancers drop connections idle for a minute or so; a comment line resets that. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it reconnects after the stream ended. */
export const RETRY_MS = 3_000;

export const HEARTBEAT_FRAME = ': heartbeat\n\n';
export const eventFrame = (event: ClassroomEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

const description = `Server-sent events (text/event-stream) about the classroom, for as long as the
connection stays open. It starts with \`retry: ${RETRY_MS}\`; then each change is one frame,
\`event: <solve|members|labs>\` and \`data: <JSON of the event>\`, after which the page refetches
what changed. A comment line (\`: heartbeat\`) comes every ${HEARTBEAT_MS / 1000} s. The stream
ends when the server shuts down or the ID token expires: reconnect with a fresh token.`;

export const classroomEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Map<PassThrough, ServerResponse>();

  // Closing waits for the requests in flight, so the streams end before it starts waiting
  // (preClose); onClose would be too late.
  app.addHook('preClose', async () => {
    const responses = [...open.values()].map((response) => finished(response).catch(() => {}));
    for (const stream of open.keys()) stream.end();
    await Promise.all(responses);
  });

  app.get(
    '/classrooms/:id/events',
    {
      schema: {
        tags: ['classrooms'],
        summary: 'Live changes of a classroom, as server-sent events',
        description,
        security: [{ idToken: [] }],
        params: classroomParamsSchema,
        produces: ['text/event-stream'],
        response: {
          200: {
            description: 'An event stream that stays open',
            content: {
              'text/event-stream': {
                schema: z.string().describe('`event:` and `data:` frames, heartbeat comments'),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { user, token } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user);
      const stream = new PassThrough();
      const heartbeat = setInterval(() => stream.write(HEARTBEAT_FRAME), HEARTBEAT_MS);
      // Who may watch is decided once, with this token: the stream does not outlive it.
      const expiry = setTimeout(() => stream.end(), token.expiresAt * 1000 - Date.now());
      const unsubscribe = app.classroomEvents.subscribe(classroom.id, (event) =>
        stream.write(eventFrame(event)),
      );
      open.set(stream, reply.raw);
      // Ended by the server, or destroyed by Fastify when the client went away.
      stream.once('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        open.delete(stream);
      });
      stream.write(`retry: ${RETRY_MS}\n\n`);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The schema describes the frames for the document; Fastify pipes a stream unserialised.
          .send(stream as unknown as string)
      );
    },
  );
};
