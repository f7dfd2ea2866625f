import {
  classroomListSchema,
  classroomParamsSchema,
  classroomSchema,
  joinCodeSchema,
} from '@hackclass/contracts';
import { FileNotFoundError, type FileStore } from '@hackclass/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classroomFor, managedClassroomFor } from '../../classrooms/access';
import { createClassroom } from '../../classrooms/create-classroom';
import { deleteClassroom } from '../../classrooms/delete-classroom';
import { findClassroomView, listClassroomViews } from '../../classrooms/find-classrooms';
import { regenerateJoinCode } from '../../classrooms/join-code';
import { presentClassroom, presentSummary } from '../../classrooms/present-classroom';
import { updateClassroom } from '../../classrooms/update-classroom';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { type Actor, canCreateContent } from '../../policies/actors';
import { canDeleteClassroom } from '../../policies/classrooms';
import { ensureRoom, type Quotas, quotaOwner } from '../../quotas/headroom';
import { FORM_ERRORS } from '../../uploads/multipart-form';
import { SANDBOX_CSP } from '../../uploads/sandbox';
import { read, write } from '../security';
import { classroomFormSchema, readClassroomForm } from './form';

export interface ClassroomRoutesOptions {
  files: FileStore;
  imageMaxBytes: number;
  quotas: Quotas;
}

const tags = ['classrooms'];
const multipart = { consumes: ['multipart/form-data'] };

export const classroomRoutes: FastifyPluginAsyncZod<ClassroomRoutesOptions> = async (
  app,
  { files, imageMaxBytes, quotas },
) => {
  /** The full view of a classroom just written, as its writer sees it. */
  const reread = async (id: string, actor: Actor) => {
    const view = await findClassroomView(app.db, id, actor.id);
    if (!view) throw apiErrors.notFound('Classroom not found');
    return presentClassroom(app.db, actor, view);
  };

  app.get(
    '/classrooms',
    {
      schema: {
        tags,
        summary:
          'Classrooms the caller may see, with their own invitations and pending requests as summaries',
        security: read,
        response: { 200: classroomListSchema },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const views = await listClassroomViews(app.db, user);
      return views.map((view) => presentSummary(user, view));
    },
  );

  app.get(
    '/classrooms/:id',
    {
      schema: {
        tags,
        summary: 'One classroom: its labs for those who may see them, else its summary',
        security: read,
        params: classroomParamsSchema,
        response: { 200: classroomSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user);
      return presentClassroom(app.db, user, view);
    },
  );

  app.post(
    '/classrooms',
    {
      schema: {
        tags,
        summary: 'Create a classroom (multipart: name, description, teacherName, optional image)',
        security: write,
        ...multipart,
        form: classroomFormSchema,
        response: {
          201: classroomSchema,
          ...errorResponses(
            'forbidden',
            'quota_exceeded',
            ...FORM_ERRORS,
            'not_an_image',
            'image_dimensions_too_large',
            'image_with_markup',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (!canCreateContent(user))
        throw apiErrors.forbidden('Only teachers and admins create classrooms');
      const quota = quotaOwner(user, user.id, quotas);
      // Before the image is stored: a full account need not upload to hear so.
      await ensureRoom(app.db, quota, { classrooms: 1 });
      const { fields, image } = await readClassroomForm(request, files, imageMaxBytes);
      const created = await createClassroom(app.db, user.id, fields, image, quota).catch(
        async (error: unknown) => {
          if (image) await files.delete(image.storageKey);
          throw error;
        },
      );
      return reply.code(201).send(await reread(created.id, user));
    },
  );

  app.put(
    '/classrooms/:id',
    {
      schema: {
        tags,
        summary: 'Update a classroom (multipart, as create; a new image replaces the old one)',
        security: write,
        ...multipart,
        form: classroomFormSchema,
        params: classroomParamsSchema,
        response: {
          200: classroomSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            ...FORM_ERRORS,
            'not_an_image',
            'image_dimensions_too_large',
            'image_with_markup',
          ),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      const { fields, image } = await readClassroomForm(request, files, imageMaxBytes);
      await updateClassroom(app.db, files, classroom, fields, image).catch(
        async (error: unknown) => {
          if (image) await files.delete(image.storageKey);
          throw error;
        },
      );
      return reread(classroom.id, user);
    },
  );

  app.delete(
    '/classrooms/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a classroom with its memberships, lab links, invitations and image ' +
          '(its creator or an admin; co-teachers may not)',
        security: write,
        params: classroomParamsSchema,
        response: { 204: z.null(), ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user, canDeleteClassroom);
      await deleteClassroom(app.db, files, classroom);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/classrooms/:id/join-code',
    {
      schema: {
        tags,
        summary: 'Replace the join code; the old one stops working',
        security: write,
        params: classroomParamsSchema,
        response: { 200: joinCodeSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const { classroom } = await managedClassroomFor(app.db, request.params.id, user);
      return { joinCode: await regenerateJoinCode(app.db, classroom.id) };
    },
  );

  app.get(
    '/classrooms/:id/image',
    {
      schema: {
        tags,
        summary: 'The classroom’s image (PNG, JPEG, WebP or GIF)',
        security: read,
        params: classroomParamsSchema,
        querystring: z.object({ v: z.string().optional() }),
        response: errorResponses('not_found', 'forbidden'),
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const { classroom } = await classroomFor(app.db, request.params.id, user);
      if (!classroom.imageKey || !classroom.imageContentType)
        throw apiErrors.notFound('Image not found');
      const image = await files.get(classroom.imageKey).catch((error: unknown) => {
        throw error instanceof FileNotFoundError ? apiErrors.notFound('Image not found') : error;
      });
      return (
        reply
          .header('content-type', classroom.imageContentType)
          .header('content-length', image.size)
          .header('x-content-type-options', 'nosniff')
          // Should an image still hold markup, opened on its own it runs nothing.
          .header('content-security-policy', SANDBOX_CSP)
          // The URL changes with the classroom (`?v=`), and only members may see it.
          .header('cache-control', 'private, max-age=86400')
          .send(image.body)
      );
    },
  );
};
