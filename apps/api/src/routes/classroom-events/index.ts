import { type ClassroomEvent, classroomParamsSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor } from '../../classrooms/access';
import { findClassroomView } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import type { Actor } from '../../policies/actors';
import { canSeeClassroom } from '../../policies/classrooms';
import {
  eventStreamResponse,
  eventStreams,
  HEARTBEAT_MS,
  MAX_STREAMS_PER_USER,
  RETRY_MS,
} from '../event-stream';
import { read } from '../security';

const description = `Server-sent events (text/event-stream) about the classroom, for as long as the
connection stays open. It starts with \`retry: ${RETRY_MS}\`; then each change is one frame,
\`event: <solve|members|labs|announcement>\` and \`data: <JSON of the event>\`, after which the
page refetches what changed. A comment line (\`: heartbeat\`) comes every ${HEARTBEAT_MS / 1000} s.
The stream ends when the server shuts down, the ID token expires (reconnect with a fresh token) or
the caller may no longer see the classroom. Only those who see the whole classroom (accepted
members, its teacher, admins) may watch, with at most ${MAX_STREAMS_PER_USER} streams per user,
all replicas together where they share Redis (429 beyond).`;

/** Whether the actor may still see the classroom, as the database says now. */
async function stillSees(db: ApiDatabase, id: string, actor: Actor) {
  const view = await findClassroomView(db, id, actor.id);
  return view !== undefined && canSeeClassroom(actor, view);
}

export const classroomEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStream = eventStreams(app, 'classroom');

  app.get(
    '/classrooms/:id/events',
    {
      schema: {
        tags: ['classrooms'],
        summary: 'Live changes of a classroom, as server-sent events',
        description,
        security: read,
        params: classroomParamsSchema,
        produces: ['text/event-stream'],
        response: {
          ...errorResponses('not_found', 'forbidden', 'too_many_streams'),
          200: eventStreamResponse,
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      return openStream<ClassroomEvent>(request, reply, (stream) => {
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
        return app.classroomEvents.subscribe(classroom.id, (event) => {
          stream.write(event);
          if (event.type === 'members') recheck();
        });
      });
    },
  );
};
