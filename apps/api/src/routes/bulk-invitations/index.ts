import {
  BULK_INVITATIONS,
  bulkInvitationRequestSchema,
  bulkInvitationResultSchema,
  classroomParamsSchema,
  invitationPreviewRequestSchema,
  invitationPreviewSchema,
} from '@hackclass/contracts';
import { addressBucket } from '@hackclass/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managedClassroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import type { InvitationMailing } from '../../invitation-links/queue-invitation-mail';
import { inviteMany } from '../../members/bulk-invitations/invite-many';
import { previewInvitations } from '../../members/bulk-invitations/preview-invitations';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { write } from '../security';

const tags = ['members'];

/**
 * Requests that send a part of a list, per inviter: at most 1 000 addresses an hour (two lists
 * of the largest size), whatever the inviter's daily allowance of mails.
 */
export const BULK_INVITATION_REQUESTS_PER_HOUR = 20;

export const bulkInvitationRoutes: FastifyPluginAsyncZod<{ mailing: InvitationMailing }> = async (
  app,
  { mailing },
) => {
  app.post(
    '/classrooms/:id/invitations/preview',
    {
      // The text of the largest file the web app reads, with room for JSON's escapes.
      bodyLimit: 2 * BULK_INVITATIONS.maxFileBytes,
      schema: {
        tags,
        summary:
          `Read a pasted list or a file's text of up to ${BULK_INVITATIONS.maxAddresses} ` +
          'addresses and say of each whether it is new, a member, invited, invalid or listed twice',
        security: write,
        params: classroomParamsSchema,
        body: invitationPreviewRequestSchema,
        response: { 200: invitationPreviewSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      return previewInvitations(app.db, classroom, request.body.text);
    },
  );

  app.post(
    '/classrooms/:id/invitations/bulk',
    {
      config: {
        rateLimit: {
          max: BULK_INVITATION_REQUESTS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) =>
            `bulk-invitations:${request.principal?.user.id ?? addressBucket(request.ip)}`,
          errorResponseBuilder: (_request, context) =>
            apiErrors.invitationRateLimited(context.after),
        },
      },
      schema: {
        tags,
        summary:
          `Invite up to ${BULK_INVITATIONS.maxPerRequest} addresses, each as one invitation ` +
          'would; answers with what became of each (invited, skipped or failed, and why)',
        security: write,
        params: classroomParamsSchema,
        body: bulkInvitationRequestSchema,
        response: {
          200: bulkInvitationResultSchema,
          ...errorResponses('not_found', 'forbidden', 'invitation_rate_limited'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      const results = await inviteMany(
        { db: app.db, mailing, log: request.log },
        classroom,
        user,
        request.body.emails,
      );
      return { results };
    },
  );
};
