import {
  classroomAnalyticsSchema,
  classroomParamsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomAnalytics } from '../../analytics/classroom-analytics';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import { leaderboardOf } from '../../leaderboard/leaderboard';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canSeeClassroom } from '../../policies/classrooms';
import { read } from '../security';

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classrooms/:id/leaderboard',
    {
      schema: {
        tags: ['classrooms'],
        summary:
          'A page of accepted members by points; ties go to whoever reached the score first, 0 by name',
        security: read,
        params: classroomParamsSchema,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      return leaderboardOf(app.db, classroom.id, request.query);
    },
  );

  app.get(
    '/classrooms/:id/analytics',
    {
      schema: {
        tags: ['classrooms'],
        summary: 'Solves per day, per lab and per student (the classroom’s teacher and admins)',
        security: read,
        params: classroomParamsSchema,
        response: { 200: classroomAnalyticsSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await managedClassroomFor(app.db, request.params.id, user);
      return classroomAnalytics(app.db, view.classroom.id, view.memberCount);
    },
  );
};
