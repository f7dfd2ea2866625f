import { myTargetSchema, targetSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor } from '../../classrooms/access';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canSeeClassroom } from '../../policies/classrooms';
import { canRunTargets } from '../../policies/targets';
import { assertLabOpenTo } from '../../schedules/open-to';
import { myTarget } from '../../targets/find-targets';
import { presentTarget } from '../../targets/present-target';
import { startTarget } from '../../targets/start-target';
import { read, write } from '../security';
import { classroomLabParamsSchema, tags } from './schemas';

/** A student's own target for a lab of a classroom. */
export const myTargetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classrooms/:id/labs/:labId/target',
    {
      schema: {
        tags,
        summary: 'The caller’s target for a lab of the classroom: the active one, else the latest',
        description:
          '`engineAvailable` says whether a Start can work right now: false when live targets ' +
          'are off or the engine does not answer (checked every few seconds).',
        security: read,
        params: classroomLabParamsSchema,
        response: {
          200: myTargetSchema,
          ...errorResponses('not_found', 'forbidden', 'lab_locked'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      const { classroom, coTeacher } = view;
      await assertLabOpenTo(app.db, user, view, request.params.labId);
      const found = await myTarget(app.db, {
        userId: user.id,
        classroomId: classroom.id,
        labId: request.params.labId,
      });
      const engine = await app.targets.engineStatus();
      return {
        engineAvailable: engine.status === 'ok',
        target: found
          ? presentTarget(
              user,
              { ...found, classroomCreatorId: classroom.creatorId, coTeacher },
              app.targets.config,
            )
          : null,
      };
    },
  );

  app.post(
    '/classrooms/:id/labs/:labId/target',
    {
      schema: {
        tags,
        summary: 'Start the caller’s target for a lab of the classroom (accepted members)',
        description:
          '201 with the new target `starting`; poll `GET /targets/:targetId` until it runs or ' +
          'fails. 200 with the target already active: one per student and lab, so a double ' +
          'click starts one. 409 `target_limit_reached` past the classroom’s, the student’s ' +
          'or the server’s limit; 503 `targets_off` when no engine is set up, ' +
          '`engine_unreachable` when it does not answer. A lab not open yet is 404; one whose required labs are unsolved, 409 `lab_locked`. ' +
          'A lab whose image its creator may no longer use (LAB_IMAGE_ALLOW) is 422 `image_not_allowed`.',
        security: write,
        params: classroomLabParamsSchema,
        response: {
          200: targetSchema,
          201: targetSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'lab_locked',
            'targets_off',
            'target_limit_reached',
            'port_range_exhausted',
            'engine_unreachable',
            'isolation_unavailable',
            'image_not_allowed',
            'outbound_not_allowed',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canRunTargets);
      const { classroom, coTeacher } = view;
      await assertLabOpenTo(app.db, user, view, request.params.labId);
      const { target, definition, created } = await startTarget(app.targets, {
        userId: user.id,
        classroomId: classroom.id,
        labId: request.params.labId,
      });
      return reply
        .code(created ? 201 : 200)
        .send(
          presentTarget(
            user,
            { target, rule: definition, classroomCreatorId: classroom.creatorId, coTeacher },
            app.targets.config,
          ),
        );
    },
  );
};
