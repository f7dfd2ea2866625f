import {
  addCoTeacherSchema,
  classroomParamsSchema,
  coTeacherListSchema,
  coTeacherParamsSchema,
  coTeacherSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classroomFor } from '../../classrooms/access';
import { addCoTeacher } from '../../co-teachers/add-co-teacher';
import { listCoTeachers, presentCoTeacher } from '../../co-teachers/list-co-teachers';
import { removeCoTeacher } from '../../co-teachers/remove-co-teacher';
import { apiErrors } from '../../errors';
import { displayNameOf } from '../../members/membership-rows';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import {
  canManageCoTeachers,
  canRemoveCoTeacher,
  canSeeCoTeachers,
} from '../../policies/classrooms';
import { read, write } from '../security';

const tags = ['co-teachers'];

/** The teachers who run a classroom with its creator. */
export const coTeacherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classrooms/:id/co-teachers',
    {
      schema: {
        tags,
        summary: 'The classroom’s co-teachers, by name (those who run the classroom)',
        security: read,
        params: classroomParamsSchema,
        response: { 200: coTeacherListSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeCoTeachers);
      const rows = await listCoTeachers(app.db, view.classroom.id);
      return rows.map(presentCoTeacher(user, view));
    },
  );

  app.post(
    '/classrooms/:id/co-teachers',
    {
      schema: {
        tags,
        summary: 'Add a verified teacher, by email, as a co-teacher (the creator or an admin)',
        description:
          'Co-teachers manage members, labs, schedules, submissions, analytics and targets; ' +
          'they cannot delete the classroom, choose co-teachers or remove its creator. ' +
          '409 `not_a_teacher` for any email without a verified teacher account; ' +
          '`already_member` for someone on the roster; `already_co_teacher` for its creator ' +
          'or a co-teacher.',
        security: write,
        params: classroomParamsSchema,
        body: addCoTeacherSchema,
        response: {
          201: coTeacherSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'not_a_teacher',
            'already_member',
            'already_co_teacher',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canManageCoTeachers);
      const adder = { id: user.id, name: displayNameOf(user) };
      const added = await addCoTeacher(app.db, view.classroom, adder, request.body.email);
      return reply.code(201).send(presentCoTeacher(user, view)(added));
    },
  );

  app.delete(
    '/classrooms/:id/co-teachers/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a co-teacher (the creator or an admin), or step down (the co-teacher)',
        security: write,
        params: coTeacherParamsSchema,
        response: { 204: z.null(), ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user);
      if (!canRemoveCoTeacher(user, view, request.params.userId)) {
        throw apiErrors.forbidden(
          'Only the classroom’s creator or an admin removes co-teachers; a co-teacher may step down',
        );
      }
      await removeCoTeacher(app.db, view.classroom.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
