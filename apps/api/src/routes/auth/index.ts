import { antiforgeryTokenSchema, registerRequestSchema, userSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerUser } from '../../accounts/register-user';
import type { IdentityAdmin } from '../../identity-admin/client';
import { errorResponses } from '../../plugins/error-responses';
import { presentUser } from '../../users/present-user';

export const authRoutes: FastifyPluginAsyncZod<{
  identityAdmin: IdentityAdmin;
  teacherApproval: boolean;
  signUpsPerHour: number;
}> = async (app, { identityAdmin, teacherApproval, signUpsPerHour }) => {
  app.post(
    '/auth/antiforgery/token',
    {
      config: { access: 'public', antiforgery: false },
      schema: {
        tags: ['auth'],
        summary: 'Issue an anti-forgery token (and set its cookie)',
        response: { 200: antiforgeryTokenSchema },
      },
    },
    async (_request, reply) => ({ token: reply.antiforgeryToken() }),
  );

  app.post(
    '/auth/register',
    {
      // Each sign-up hashes a password: the identity service's own sign-up limits per address
      // the same, but behind the service secret it sees only this API's address.
      config: { access: 'public', rateLimit: { max: signUpsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary:
          'Create an account as a student or a teacher (with TEACHER_APPROVAL, a teacher is a ' +
          'student awaiting approval until an admin approves them)',
        body: registerRequestSchema,
        response: {
          201: userSchema,
          ...errorResponses(
            'invalid_email',
            'weak_password',
            'accounts_in_firebase',
            'school_accounts_only',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, identityAdmin, request.body, { teacherApproval });
      return reply.code(201).send(presentUser(user));
    },
  );
};
