import {
  ATTACK_BOX_KIND,
  boxLabFilesRequestSchema,
  boxLabFilesSchema,
  classroomParamsSchema,
  myAttackBoxSchema,
  targetParamsSchema,
  targetSchema,
} from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import { findVisibleLab } from '../../labs/find-labs';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canRunTargets } from '../../policies/targets';
import { copyLabFiles } from '../../targets/copy-lab-files';
import { myBox } from '../../targets/find-box';
import { ownTarget } from '../../targets/own-target';
import { presentTarget } from '../../targets/present-target';
import { runsBoxes, startBox } from '../../targets/start-box';
import { read, write } from '../security';
import { tags } from './schemas';

/**
 * A student's attack box: one at a time, started from a classroom they are a member of, stopped,
 * extended and reset as any target (`/targets/:targetId`), its terminal opened with
 * `POST /targets/:targetId/terminal`.
 */
export const myBoxRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (app, { files }) => {
  app.get(
    '/users/me/box',
    {
      schema: {
        tags,
        summary: 'The caller’s attack box: the active one, else the latest',
        description:
          '`available` says whether a box can start right now: false when the operator set ' +
          'none up (ATTACKBOX_IMAGE) or the engine does not answer.',
        security: read,
        response: { 200: myAttackBoxSchema },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const box = await myBox(app.db, user.id);
      const engine = await app.targets.engineStatus();
      return {
        box: box
          ? presentTarget(
              user,
              { target: box, rule: null, classroomCreatorId: null, coTeacher: false },
              app.targets.config,
            )
          : null,
        available: runsBoxes(app.targets) && engine.status === 'ok',
        idleMinutes: app.targets.config.attackBox.idleMinutes,
      };
    },
  );

  app.post(
    '/classrooms/:id/box',
    {
      schema: {
        tags,
        summary: 'Start the caller’s attack box from a classroom (accepted members)',
        description:
          '201 with the new box `starting`; poll `GET /users/me/box` until it runs or fails. ' +
          '200 with the box already active, from any classroom: one per student. The box ' +
          'counts in the running limits as a target does (409 `target_limit_reached`); 503 ' +
          '`attack_boxes_off` when the operator set none up.',
        security: write,
        params: classroomParamsSchema,
        response: {
          200: targetSchema,
          201: targetSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'attack_boxes_off',
            'target_limit_reached',
            'engine_unreachable',
            'isolation_unavailable',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user, canRunTargets);
      const { box, created } = await startBox(app.targets, {
        userId: user.id,
        classroomId: classroom.id,
      });
      const presented = presentTarget(
        user,
        { target: box, rule: null, classroomCreatorId: classroom.creatorId, coTeacher: false },
        app.targets.config,
      );
      return reply.code(created ? 201 : 200).send(presented);
    },
  );

  app.post(
    '/targets/:targetId/lab-files',
    {
      schema: {
        tags,
        summary: 'Put a lab’s files in the caller’s running attack box, under ~/labs/<lab slug>',
        description:
          'The box’s owner only, for a lab they may see (404 otherwise). Files already there ' +
          'of the same names are replaced; others stay.',
        security: write,
        params: targetParamsSchema,
        body: boxLabFilesRequestSchema,
        response: {
          200: boxLabFilesSchema,
          ...errorResponses(
            'not_found',
            'validation_failed',
            'forbidden',
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
      const { target: box } = await ownTarget(app.db, user, request.params.targetId);
      if (box.kind !== ATTACK_BOX_KIND) throw apiErrors.notABox();
      const lab = await findVisibleLab(app.db, user, request.body.labId);
      if (!lab) throw apiErrors.notFound('Lab not found');
      return copyLabFiles(app.targets, files, { box, lab });
    },
  );
};
