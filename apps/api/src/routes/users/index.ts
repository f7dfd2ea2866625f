import {
  deleteAccountRequestSchema,
  managedUserSchema,
  meSchema,
  roleChangeSchema,
  signUpRoleSchema,
  userListQuerySchema,
  userListSchema,
  userParamsSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveTeacher, changeRole } from '../../accounts/change-role';
import { chooseSignUpRole } from '../../accounts/choose-sign-up-role';
import { deleteOwnAccount } from '../../accounts/delete-own-account';
import { deleteUserAccount } from '../../accounts/delete-user-account';
import { listUsers } from '../../accounts/list-users';
import { setUserDisabled } from '../../accounts/set-disabled';
import { apiErrors } from '../../errors';
import type { IdentityAdmin } from '../../identity-admin/client';
import { principalOf, signedInPersonOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { isAdmin } from '../../policies/actors';
import type { KnownUsers } from '../../users/known-users';
import { presentManagedUser, presentMe } from '../../users/present-user';
import type { Revocations } from '../../users/revocations';
import { browserWrite, read, write } from '../security';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod<{
  identityAdmin: IdentityAdmin;
  knownUsers: KnownUsers;
  revocations: Revocations;
  teacherApproval: boolean;
}> = async (app, { identityAdmin, knownUsers, revocations, teacherApproval }) => {
  app.get(
    '/users/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in user, created on first sight of a valid ID token',
        security: read,
        response: { 200: meSchema },
      },
    },
    async (request) => presentMe(principalOf(request).user),
  );

  app.post(
    '/users/me/sign-up-role',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Choose student or teacher once, right after signing up with an account made ' +
          'elsewhere (a Firebase project); with TEACHER_APPROVAL, a teacher is a student ' +
          'awaiting approval until an admin approves them',
        security: write,
        body: signUpRoleSchema,
        response: { 200: meSchema, ...errorResponses('sign_up_role_chosen') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const chosen = await chooseSignUpRole(app.db, user, request.body, { teacherApproval });
      knownUsers.forget(chosen.identityUid);
      return presentMe(chosen);
    },
  );

  app.delete(
    '/users/me',
    {
      config: { access: 'signed-in', apiTokens: false },
      schema: {
        tags,
        summary:
          'Delete the signed-in user’s account (their email typed again; signed in within 5 ' +
          'minutes): memberships, solves and submissions go; classrooms and labs they created ' +
          'stay, with no owner',
        security: browserWrite,
        body: deleteAccountRequestSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('deletion_not_confirmed', 'recent_sign_in_required'),
        },
      },
    },
    async (request, reply) => {
      await deleteOwnAccount(
        { db: app.db, identityAdmin, revocations, knownUsers },
        signedInPersonOf(request),
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { apiTokens: false },
      schema: {
        tags,
        summary:
          'Delete someone else’s account, its email address typed again (admins only; their own ' +
          'from their profile): as when its owner deletes it, memberships, solves and submissions ' +
          'go, classrooms and labs they created stay with no owner, and live targets stop',
        security: browserWrite,
        params: userParamsSchema,
        body: deleteAccountRequestSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(
            'forbidden',
            'not_found',
            'cannot_delete_self',
            'deletion_not_confirmed',
          ),
        },
      },
    },
    async (request, reply) => {
      await deleteUserAccount(
        { db: app.db, identityAdmin, revocations, knownUsers, targets: app.targets },
        principalOf(request).user,
        request.params.id,
        request.body.email,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary:
          'A page of all users, searched by email or name, filtered by role and by awaiting ' +
          'approval as a teacher (admins only)',
        security: read,
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponses('forbidden') },
      },
    },
    async (request) => {
      if (!isAdmin(principalOf(request).user)) throw apiErrors.forbidden('Only admins list users');
      return listUsers(app.db, request.query);
    },
  );

  app.patch(
    '/users/:id/role',
    {
      schema: {
        tags,
        summary: 'Change a user’s role (admins only; not their own)',
        security: write,
        params: userParamsSchema,
        body: roleChangeSchema,
        response: {
          200: managedUserSchema,
          ...errorResponses('forbidden', 'not_found', 'cannot_demote_self'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const updated = await changeRole(app.db, user, request.params.id, request.body.roleId);
      knownUsers.forget(updated.identityUid);
      return presentManagedUser(updated);
    },
  );

  app.post(
    '/users/:id/approve-teacher',
    {
      schema: {
        tags,
        summary:
          'Approve a teacher awaiting approval: a student waiting (TEACHER_APPROVAL) becomes a ' +
          'teacher and is notified; a teacher who signed up where it is off gets the full ' +
          'invitation allowance (admins only)',
        security: write,
        params: userParamsSchema,
        response: {
          200: managedUserSchema,
          ...errorResponses('forbidden', 'not_found', 'not_awaiting_approval'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const approved = await approveTeacher(app.db, user, request.params.id);
      knownUsers.forget(approved.identityUid);
      return presentManagedUser(approved);
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'disable'
              ? 'Disable a user’s account: no sign-in, and the API refuses them (admins only; not their own)'
              : 'Enable a disabled account again (admins only; not their own)',
          security: write,
          params: userParamsSchema,
          response: {
            200: managedUserSchema,
            ...errorResponses('forbidden', 'not_found', 'cannot_disable_self'),
          },
        },
      },
      async (request) => {
        const { user } = principalOf(request);
        const updated = await setUserDisabled(
          { db: app.db, identityAdmin, targets: app.targets },
          user,
          request.params.id,
          action === 'disable',
        );
        knownUsers.forget(updated.identityUid);
        return presentManagedUser(updated);
      },
    );
  }
};
