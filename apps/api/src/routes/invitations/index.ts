import {
  invitationLinkSchema,
  invitationTokenParamsSchema,
  membershipSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptInvitation } from '../../invitations/accept-invitation';
import { findInvitationLink } from '../../invitations/find-invitation-link';
import { presentInvitationLink } from '../../invitations/present-invitation-link';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { write } from '../security';

const tags = ['invitations'];

/** The links invitation mails carry: what they say to whoever opens them, and accepting. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'What an invitation link says, signed in or not: its classroom, teacher, state and ' +
          'the invited address (masked unless it is the caller’s)',
        params: invitationTokenParamsSchema,
        response: { 200: invitationLinkSchema, ...errorResponses() },
      },
    },
    async (request) =>
      presentInvitationLink(
        await findInvitationLink(app.db, request.params.token),
        request.principal?.user,
      ),
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept the invitation of a link, signed in with the verified address it went to',
        security: write,
        params: invitationTokenParamsSchema,
        response: {
          200: membershipSchema,
          ...errorResponses('not_found', 'forbidden', 'invitation_withdrawn', 'invitation_expired'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      return acceptInvitation(app.db, user, request.params.token);
    },
  );
};
