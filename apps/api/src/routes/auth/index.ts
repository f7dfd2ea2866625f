import { antiforgeryTokenSchema, registerRequestSchema, userSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityAdmin } from '../../identity-admin/client';
import { presentUser } from '../../users/present-user';
import { registerUser } from '../../users/register-user';

export const authRoutes: FastifyPluginAsyncZod<{
  identityAdmin: IdentityAdmin;
  teacherApproval: boolean;
}> = async (app, { identityAdmin, teacherApproval }) => {
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
      // Sign-ups are rare for a person and cheap to script: few per address and hour.
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary:
          'Create an account as a student or a teacher (with TEACHER_APPROVAL, a teacher is a ' +
          'student awaiting approval until an admin approves them)',
        body: registerRequestSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, identityAdmin, request.body, { teacherApproval });
      return reply.code(201).send(presentUser(user));
    },
  );
};
