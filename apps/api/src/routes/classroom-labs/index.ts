import {
  addClassroomLabRequestSchema,
  classroomLabLinkSchema,
  updateClassroomLabRequestSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLabToClassroom,
  removeLabFromClassroom,
  updateClassroomLab,
} from '../../labs/classroom-labs';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { write } from '../security';

export const classroomLabRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/classrooms/:id/hacking-labs',
    {
      schema: {
        tags: ['classrooms', 'hacking-labs'],
        summary: 'Add a lab to a classroom; its accepted members are notified',
        description:
          'With an optional schedule (`opensAt`: hidden from students until then; `dueAt`: ' +
          'solves after it earn `latePercent` of the points) and unlock path (`requires`: labs ' +
          'of the classroom to solve first). Members are notified unless it opens later.',
        security: write,
        params: z.object({ id: z.uuid() }),
        body: addClassroomLabRequestSchema,
        response: {
          201: classroomLabLinkSchema,
          ...errorResponses('not_found', 'forbidden', 'lab_already_in_classroom'),
        },
      },
    },
    async (request, reply) => {
      const added = await addLabToClassroom(
        app.db,
        principalOf(request).user,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/classrooms/:id/hacking-labs/:labId',
    {
      schema: {
        tags: ['classrooms', 'hacking-labs'],
        summary: 'Change the schedule and unlock path of a lab in a classroom',
        description:
          'A field left out keeps its value; `null` clears a date. `requires` replaces the ' +
          'labs to solve first; 409 `requirement_cycle` if they would lead back to this lab. ' +
          'Scores are recounted with the new due date and late credit.',
        security: write,
        params: z.object({ id: z.uuid(), labId: z.uuid() }),
        body: updateClassroomLabRequestSchema,
        response: {
          204: z.null().describe('Changed'),
          ...errorResponses('not_found', 'forbidden', 'requirement_cycle'),
        },
      },
    },
    async (request, reply) => {
      await updateClassroomLab(
        app.db,
        principalOf(request).user,
        request.params.id,
        request.params.labId,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/classrooms/:id/hacking-labs/:labId',
    {
      schema: {
        tags: ['classrooms', 'hacking-labs'],
        summary: 'Remove a lab from a classroom',
        security: write,
        params: z.object({ id: z.uuid(), labId: z.uuid() }),
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses('not_found', 'forbidden'),
        },
      },
    },
    async (request, reply) => {
      await removeLabFromClassroom(
        app.db,
        principalOf(request).user,
        request.params.id,
        request.params.labId,
      );
      return reply.code(204).send(null);
    },
  );
};
