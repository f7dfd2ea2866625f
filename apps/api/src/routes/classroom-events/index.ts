import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type ClassroomEvent, classroomParamsSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classroomFor } from '../../classrooms/access';
import { findClassroomView } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import type { Actor } from '../../policies/actors';
import { canSeeClassroom } from '../../policies/classrooms';

/** Proxies and load balancers drop connections idle for a minute or so; a comment line resets that. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it reconnects after the stream ended. */
export const RETRY_MS = 3_000;

/** A person has a few tabs open; more streams than this are a leak or a script. */
export const MAX_STREAMS_PER_USER = 5;

export const HEARTBEAT_FRAME = ': heartbeat\n\n';
export const eventFrame = (event: ClassroomEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

const description = `Server-sent events (text/event-stream) about the classroom, for as long as the
connection stays open. It starts with \`retry: ${RETRY_MS}\`; then each change is one frame,
\`event: <solve|members|labs>\` and \`data: <JSON of the event>\`, after which the page refetches
what changed. A comment line (\`: heartbeat\`) comes every ${HEARTBEAT_MS / 1000} s. The stream
ends when the server shuts down, the ID token expires (reconnect with a fresh token) or the
caller may no longer see the classroom. Only those who see the whole classroom (accepted
members, its teacher, admins) may watch, with at most ${MAX_STREAMS_PER_USER} streams per user on
one server (429 beyond).`;

/** Whether the actor may still see the classroom, as the database says now. */
async function stillSees(db: ApiDatabase, id: string, actor: Actor) {
  const view = await findClassroomView(db, id, actor.id);
  return view !== undefined && canSeeClassroom(actor, view);
}

export const classroomEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Map<PassThrough, ServerResponse>();
  const streamsPerUser = new Map<string, number>();

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
          ...errorResponses('not_found', 'forbidden', 'too_many_streams'),
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
      const { classroom } = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      const streams = streamsPerUser.get(user.id) ?? 0;
      if (streams >= MAX_STREAMS_PER_USER) throw apiErrors.tooManyStreams(MAX_STREAMS_PER_USER);
      streamsPerUser.set(user.id, streams + 1);
      const stream = new PassThrough();
      const heartbeat = setInterval(() => stream.write(HEARTBEAT_FRAME), HEARTBEAT_MS);
      // The token's claims were checked once: the stream does not outlive it.
      const expiry = setTimeout(() => stream.end(), token.expiresAt * 1000 - Date.now());
      // A roster change may be the watcher's own removal, on this replica or (through the
      // events' Redis channel) another: it is checked again, one check at a time.
      let checking = Promise.resolve();
      const recheck = () => {
        checking = checking
          .then(() => stillSees(app.db, classroom.id, user))
          .then(
            (sees) => void (sees || stream.end()),
            (error: unknown) => {
              request.log.warn({ err: error }, 'classroom events: access not rechecked');
              stream.end();
            },
          );
      };
      const unsubscribe = app.classroomEvents.subscribe(classroom.id, (event) => {
        stream.write(eventFrame(event));
        if (event.type === 'members') recheck();
      });
      open.set(stream, reply.raw);
      app.metrics.openEventStreams.inc();
      // Ended by the server, or destroyed by Fastify when the client went away.
      stream.once('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        open.delete(stream);
        app.metrics.openEventStreams.dec();
        const left = (streamsPerUser.get(user.id) ?? 1) - 1;
        if (left > 0) streamsPerUser.set(user.id, left);
        else streamsPerUser.delete(user.id);
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
