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
import { addressBucket, HttpError } from '@hackclass/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import type { InvitationMailing } from '../../invitation-links/queue-invitation-mail';
import { changeMemberStatus } from '../../members/change-member-status';
import { inviteMember } from '../../members/invite-member';
import { joinByCode } from '../../members/join-by-code';
import { listMembers } from '../../members/list-members';
import { removeMember } from '../../members/remove-member';
import { RESEND_AFTER_MS, resendInvitation } from '../../members/resend-invitation';
import { withdrawInvitation } from '../../members/withdraw-invitation';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canJoinClassrooms, canManageClassroom, canSeeClassroom } from '../../policies/classrooms';
import { read, write } from '../security';

const tags = ['members'];

/**
 * Each invitation may send a notification or wait for a stranger's address: enough for any real
 * class list in an hour, too few to spam or to sweep a mailing list through the roster.
 */
export const INVITATIONS_PER_HOUR = 100;

/**
 * Join codes are short enough to guess: a few mistyped codes are normal, a stream of unknown
 * ones is someone searching for classrooms. Only unknown codes count.
 */
export const UNKNOWN_JOIN_CODES = { max: 10, windowMs: 10 * 60_000 } as const;

const perUser = (name: string) => (request: FastifyRequest) =>
  `${name}:${request.principal?.user.id ?? addressBucket(request.ip)}`;

export const memberRoutes: FastifyPluginAsyncZod<{ mailing: InvitationMailing }> = async (
  app,
  { mailing },
) => {
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
        response: { 200: memberListSchema, ...errorResponses('not_found', 'forbidden') },
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
      config: {
        rateLimit: {
          max: INVITATIONS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: perUser('invitations'),
          errorResponseBuilder: (_request, context) =>
            apiErrors.invitationRateLimited(context.after),
        },
      },
      schema: {
        tags,
        summary:
          'Invite by email and mail the invitation’s link; an email without an account waits ' +
          'until its owner signs up. Answers alike either way; at most ' +
          `${INVITATIONS_PER_HOUR} per hour per inviter, and INVITATIONS_PER_DAY mails in 24 hours ` +
          '(INVITATIONS_PER_DAY_UNAPPROVED for a teacher no admin has approved yet; admins: no ' +
          'daily limit)',
        security: write,
        params: classroomParamsSchema,
        querystring: inviteMemberQuerySchema,
        response: {
          200: invitationSchema,
          201: invitationSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'already_member',
            'invitation_rate_limited',
            'invitation_limit',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      const { invitation, created } = await inviteMember(
        app.db,
        classroom,
        user,
        request.query.userEmail,
        mailing,
      );
      return reply.code(created ? 201 : 200).send(invitation);
    },
  );

  app.delete(
    '/classrooms/:id/members',
    {
      schema: {
        tags,
        summary:
          'Withdraw an invitation not yet accepted, by the email it was sent to; its mailed ' +
          'links then say it was withdrawn',
        security: write,
        params: classroomParamsSchema,
        querystring: inviteMemberQuerySchema,
        response: { 204: z.null(), ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      await withdrawInvitation(app.db, classroom.id, request.query.userEmail);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/classrooms/:id/invitations/resend',
    {
      schema: {
        tags,
        summary:
          'Mail an invitation not yet accepted again, by the email it was sent to, with a new link ' +
          `(earlier links still work): at most once per ${RESEND_AFTER_MS / 60_000} minutes, and ` +
          'counted in the inviter’s daily allowance as a new invitation is',
        security: write,
        params: classroomParamsSchema,
        querystring: inviteMemberQuerySchema,
        response: {
          200: invitationSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'invitation_sent_recently',
            'invitation_limit',
          ),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      return resendInvitation(app.db, classroom, user, request.query.userEmail, mailing);
    },
  );

  const unknownJoinCodes = app.createRateLimit({
    max: UNKNOWN_JOIN_CODES.max,
    timeWindow: UNKNOWN_JOIN_CODES.windowMs,
    keyGenerator: perUser('unknown-join-codes'),
  });

  app.post(
    '/classrooms/join',
    {
      schema: {
        tags,
        summary: 'Ask to join by code (or accept an invitation to that classroom)',
        description:
          `After ${UNKNOWN_JOIN_CODES.max} unknown codes in ${UNKNOWN_JOIN_CODES.windowMs / 60_000} ` +
          'minutes, 429 with Retry-After until those minutes have passed since the first of them.',
        security: write,
        body: joinClassroomRequestSchema,
        response: {
          200: membershipSchema,
          201: membershipSchema,
          ...errorResponses(
            'forbidden',
            'unknown_join_code',
            'already_member',
            'join_rate_limited',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (!canJoinClassrooms(user)) throw apiErrors.forbidden('Guests cannot join classrooms');
      const misses = await unknownJoinCodes(request, { increment: false });
      if (!misses.isAllowed && misses.remaining === 0) {
        reply.header('retry-after', misses.ttlInSeconds);
        throw apiErrors.joinRateLimited(misses.ttlInSeconds);
      }
      const { membership, created } = await joinByCode(
        app.db,
        user,
        request.body.classroomCode,
      ).catch(async (error: unknown) => {
        if (error instanceof HttpError && error.code === 'unknown_join_code') {
          await unknownJoinCodes(request);
        }
        throw error;
      });
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
        response: {
          200: membershipSchema,
          ...errorResponses('not_found', 'forbidden', 'invalid_member_transition'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user);
      return changeMemberStatus(
        app.db,
        view.classroom,
        user,
        canManageClassroom(user, view),
        request.params.userId,
        request.body.status,
      );
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
        response: { 204: z.null(), ...errorResponses('not_found', 'forbidden') },
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
      return reply.code(204).send(null);
    },
  );
};
