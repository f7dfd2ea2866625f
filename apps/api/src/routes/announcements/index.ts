import {
  announcementListQuerySchema,
  announcementListSchema,
  announcementParamsSchema,
  announcementSchema,
  classroomParamsSchema,
  createAnnouncementSchema,
} from '@hackclass/contracts';
import { addressBucket } from '@hackclass/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAnnouncement } from '../../announcements/delete-announcement';
import { listAnnouncements } from '../../announcements/list-announcements';
import { postAnnouncement } from '../../announcements/post-announcement';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import { displayNameOf } from '../../members/membership-rows';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canSeeClassroom } from '../../policies/classrooms';
import { read, write } from '../security';

const tags = ['announcements'];

/**
 * Each post notifies the whole class: a few a day is a busy course, a stream of them is a
 * mistake or a script spamming every member's inbox.
 */
export const ANNOUNCEMENTS_PER_HOUR = 20;

/** Counted per poster and classroom, so that nobody can use up a teacher's allowance. */
const posterInClassroom = (request: FastifyRequest) =>
  `announcements:${request.principal?.user.id ?? addressBucket(request.ip)}:${(request.params as { id?: string }).id}`;

export const announcementRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  app.get(
    '/classrooms/:id/announcements',
    {
      schema: {
        tags,
        summary: 'A page of the classroom’s announcements, newest first',
        security: read,
        params: classroomParamsSchema,
        querystring: announcementListQuerySchema,
        response: { 200: announcementListSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      return listAnnouncements(app.db, classroom.id, request.query);
    },
  );

  app.post(
    '/classrooms/:id/announcements',
    {
      config: {
        rateLimit: {
          max: ANNOUNCEMENTS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: posterInClassroom,
          errorResponseBuilder: (_request, context) =>
            apiErrors.rateLimited(
              `You have posted many announcements to this classroom: try again in ${context.after}`,
            ),
        },
      },
      schema: {
        tags,
        summary:
          'Post a Markdown announcement; accepted members are notified, live if online, and ' +
          'mailed too with `emailMembers`. ' +
          `At most ${ANNOUNCEMENTS_PER_HOUR} per hour per poster and classroom`,
        security: write,
        params: classroomParamsSchema,
        body: createAnnouncementSchema,
        response: { 201: announcementSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      const { body, emailMembers } = request.body;
      const mailing = emailMembers ? { publicUrl, authorName: displayNameOf(user) } : undefined;
      const announcement = await postAnnouncement(app.db, classroom, user.id, body, mailing);
      return reply.code(201).send(announcement);
    },
  );

  app.delete(
    '/classrooms/:id/announcements/:announcementId',
    {
      schema: {
        tags,
        summary: 'Delete an announcement (its notifications stay)',
        security: write,
        params: announcementParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('not_found', 'forbidden'),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      await deleteAnnouncement(app.db, classroom.id, request.params.announcementId);
      return reply.code(204).send(null);
    },
  );
};
