import { Readable } from 'node:stream';
import {
  classroomParamsSchema,
  gradebookCsvQuerySchema,
  gradebookQuerySchema,
  gradebookSchema,
  timelineParamsSchema,
  timelineQuerySchema,
  timelineSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import type { ClassroomView } from '../../classrooms/find-classrooms';
import { gradebookOf } from '../../gradebook/gradebook';
import { gradebookCsv } from '../../gradebook/gradebook-csv';
import { timelineOf } from '../../gradebook/timeline';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import type { Actor } from '../../policies/actors';
import { canManageClassroom, canSeeClassroom } from '../../policies/classrooms';
import { attachmentDisposition } from '../../uploads/file-names';
import { read } from '../security';

const tags = ['gradebook'];

/** Managers read every student's row; a member only their own. */
const scopeFor = (actor: Actor, view: ClassroomView) =>
  canManageClassroom(actor, view) ? {} : { userId: actor.id };

export const gradebookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classrooms/:id/gradebook',
    {
      schema: {
        tags,
        summary:
          'The labs and a page of students × labs: points earned, solve time, late (managers: ' +
          'every accepted student; a member: their own row)',
        security: read,
        params: classroomParamsSchema,
        querystring: gradebookQuerySchema,
        response: { 200: gradebookSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      return gradebookOf(app.db, view.classroom.id, request.query, scopeFor(user, view));
    },
  );

  app.get(
    '/classrooms/:id/gradebook.csv',
    {
      schema: {
        tags,
        summary: 'The gradebook as CSV, every student at once (a member: their own row)',
        description:
          'A header row (Student, Email, Total, Solved, then per lab its points, solve time in ' +
          'UTC and late), then a row per student. Text a spreadsheet would run as a formula ' +
          'starts with an apostrophe.',
        security: read,
        params: classroomParamsSchema,
        querystring: gradebookCsvQuerySchema,
        produces: ['text/csv'],
        response: errorResponses('not_found', 'forbidden'),
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      const rows = gradebookCsv(app.db, view.classroom.id, request.query, scopeFor(user, view));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          attachmentDisposition(`${view.classroom.name}-gradebook.csv`),
        )
        .header('cache-control', 'private, no-store')
        .send(Readable.from(rows));
    },
  );

  app.get(
    '/classrooms/:id/members/:userId/timeline',
    {
      schema: {
        tags,
        summary:
          'A page of a member’s flags sent, hints unlocked and solves here, newest first (managers)',
        security: read,
        params: timelineParamsSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelineSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      return timelineOf(app.db, classroom.id, request.params.userId, request.query);
    },
  );
};
