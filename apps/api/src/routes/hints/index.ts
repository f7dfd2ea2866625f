import {
  classroomHintListSchema,
  classroomHintSchema,
  classroomLabHintsParamsSchema,
  classroomParamsSchema,
  hintUnlockListQuerySchema,
  hintUnlockListSchema,
  hintUnlockParamsSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import { classroomHints } from '../../hints/classroom-hints';
import { listHintUnlocks } from '../../hints/list-unlocks';
import { unlockHint } from '../../hints/unlock-hint';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canManageClassroom, canSeeClassroom, canSubmitFlags } from '../../policies/classrooms';
import { assertLabOpenTo } from '../../schedules/open-to';
import { read, write } from '../security';

const tags = ['hints'];

export const hintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classrooms/:id/hacking-labs/:labId/hints',
    {
      schema: {
        tags,
        summary:
          'A lab’s hints in the classroom, in order: what each costs and whether the caller ' +
          'unlocked it; the content only once unlocked, or always for the classroom’s managers',
        security: read,
        params: classroomLabHintsParamsSchema,
        response: {
          200: classroomHintListSchema,
          ...errorResponses('not_found', 'forbidden', 'lab_locked'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      await assertLabOpenTo(app.db, user, view, request.params.labId);
      return classroomHints(
        app.db,
        { classroomId: view.classroom.id, labId: request.params.labId, userId: user.id },
        canManageClassroom(user, view),
      );
    },
  );

  app.post(
    '/classrooms/:id/hacking-labs/:labId/hints/:hintId/unlock',
    {
      schema: {
        tags,
        summary:
          'Unlock a hint of a lab of the classroom (accepted members): its cost comes off what ' +
          'the lab earns the caller here; unlocking again changes nothing',
        security: write,
        params: hintUnlockParamsSchema,
        response: {
          200: classroomHintSchema,
          ...errorResponses('not_found', 'forbidden', 'lab_locked'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSubmitFlags);
      const { classroom } = view;
      await assertLabOpenTo(app.db, user, view, request.params.labId);
      return unlockHint(app.db, {
        classroomId: classroom.id,
        labId: request.params.labId,
        userId: user.id,
        hintId: request.params.hintId,
      });
    },
  );

  app.get(
    '/classrooms/:id/hint-unlocks',
    {
      schema: {
        tags,
        summary:
          'A page of who unlocked which hint of the classroom’s labs when, newest first ' +
          '(the classroom’s managers)',
        security: read,
        params: classroomParamsSchema,
        querystring: hintUnlockListQuerySchema,
        response: { 200: hintUnlockListSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      return listHintUnlocks(app.db, classroom.id, request.query);
    },
  );
};
