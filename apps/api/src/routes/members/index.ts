import {
  classroomParamsSchema,
  invitationSchema,
  inviteMemberQuerySchema,
  joinClassroomRequestSchema,
  memberListQuerySchema,
  memberListSchema,
  memberParamsSchema,
  memberStatusChangeSchema,
  membershipSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import { changeMemberStatus, inviteMember, joinByCode, removeMember } from '../../members/commands';
import { listMembers } from '../../members/queries';
import { principalOf } from '../../plugins/authentication';
import { canJoinClassrooms, canManageClassroom, canSeeClassroom } from '../../policies/classrooms';

const tags = ['members'];
const read = [{ idToken: [] }];
const write = [{ idToken: [], antiforgery: [] }];

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classrooms/:id/members',
    {
      schema: {
        tags,
        summary:
          'A page of the roster, filtered by status and searched by name (managers: all statuses, emails)',
        security: read,
        params: classroomParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: memberListSchema },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      return listMembers(app.db, view.classroom.id, request.query, {
        manager: canManageClassroom(user, view),
      });
    },
  );

  app.post(
    '/classrooms/:id/members',
    {
      schema: {
        tags,
        summary: 'Invite by email; an email without an account waits until its owner signs up',
        security: write,
        params: classroomParamsSchema,
        querystring: inviteMemberQuerySchema,
        response: { 200: invitationSchema, 201: invitationSchema },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      const { invitation, created } = await inviteMember(
        app.db,
        classroom,
        user.id,
        request.query.userEmail,
      );
      app.classroomEvents.publish(classroom.id, { type: 'members' });
      return reply.code(created ? 201 : 200).send(invitation);
    },
  );

  app.post(
    '/classrooms/join',
    {
      schema: {
        tags,
        summary: 'Ask to join by code (or accept an invitation to that classroom)',
        security: write,
        body: joinClassroomRequestSchema,
        response: { 200: membershipSchema, 201: membershipSchema },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (!canJoinClassrooms(user)) throw apiErrors.forbidden('Guests cannot join classrooms');
      const { membership, created } = await joinByCode(app.db, user, request.body.classroomCode);
      app.classroomEvents.publish(membership.classroomId, { type: 'members' });
      return reply.code(created ? 201 : 200).send(membership);
    },
  );

  app.patch(
    '/classrooms/:id/members/:userId',
    {
      schema: {
        tags,
        summary:
          'Accept an invitation (the invitee) or approve a request to join (teacher or admin)',
        security: write,
        params: memberParamsSchema,
        body: memberStatusChangeSchema,
        response: { 200: membershipSchema },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user);
      const membership = await changeMemberStatus(
        app.db,
        view.classroom,
        user,
        canManageClassroom(user, view),
        request.params.userId,
        request.body.status,
      );
      app.classroomEvents.publish(view.classroom.id, { type: 'members' });
      return membership;
    },
  );

  app.delete(
    '/classrooms/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (teacher or admin), or decline, withdraw or leave (oneself)',
        security: write,
        params: memberParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user);
      await removeMember(
        app.db,
        view.classroom.id,
        user,
        canManageClassroom(user, view),
        request.params.userId,
      );
      app.classroomEvents.publish(view.classroom.id, { type: 'members' });
      return reply.code(204).send(null);
    },
  );
};
