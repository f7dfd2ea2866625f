import type { ServerConfig } from '@hackclass/config';
import { LAB_FILES_FIELD, labListSchema, labSchema } from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import { createLab, parseLabFields } from '../../labs/create-lab';
import { deleteLab, removeStoredFiles } from '../../labs/delete-lab';
import { findVisibleLab, labDetails, listLabs } from '../../labs/find-labs';
import { principalOf } from '../../plugins/authentication';
import { canCreateContent } from '../../policies/actors';
import { canDeleteLab, canListLabs } from '../../policies/labs';
import { discardFiles, readMultipartForm } from '../../uploads/multipart-form';
import { labFileRoutes } from './files';

export interface LabRoutesOptions {
  files: FileStore;
  uploads: ServerConfig['uploads'];
}

const signedIn = [{ idToken: [] }];
const signedInChanging = [{ idToken: [], antiforgery: [] }];

export const labRoutes: FastifyPluginAsyncZod<LabRoutesOptions> = async (app, options) => {
  app.get(
    '/hacking-labs',
    {
      schema: {
        tags: ['hacking-labs'],
        summary:
          'Labs: all for admins, their own for teachers, their classrooms’ for others; ' +
          'guests get 403',
        security: signedIn,
        response: { 200: labListSchema },
      },
    },
    async (request) => {
      const actor = principalOf(request).user;
      if (!canListLabs(actor)) throw apiErrors.forbidden('Guests have no labs');
      return listLabs(app.db, actor);
    },
  );

  app.get(
    '/hacking-labs/:idOrSlug',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'A lab by id or slug, with its files',
        security: signedIn,
        params: z.object({ idOrSlug: z.string() }),
        response: { 200: labSchema },
      },
    },
    async (request) => {
      const actor = principalOf(request).user;
      const lab = await findVisibleLab(app.db, actor, request.params.idOrSlug);
      if (!lab) throw apiErrors.notFound('Lab');
      return labDetails(app.db, actor, lab);
    },
  );

  app.post(
    '/hacking-labs',
    {
      schema: {
        tags: ['hacking-labs'],
        summary:
          'Create a lab (multipart: name, description, difficulty, category, points, labFiles)',
        description:
          'Text fields as in `createLabFieldsSchema`; any number of `labFiles` up to the ' +
          'configured limit, each up to the configured size (413 past it).',
        consumes: ['multipart/form-data'],
        security: signedInChanging,
        response: { 201: labSchema },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      if (!canCreateContent(actor)) {
        throw apiErrors.forbidden('Only teachers and admins create labs');
      }
      const form = await readMultipartForm(request, options.files, {
        [LAB_FILES_FIELD]: {
          prefix: 'lab-files',
          maxBytes: options.uploads.fileMaxBytes,
          maxCount: options.uploads.filesPerLab,
        },
      });
      try {
        const lab = await createLab(app.db, actor.id, parseLabFields(form.fields), form.files);
        return reply.code(201).send(await labDetails(app.db, actor, lab));
      } catch (error) {
        await discardFiles(options.files, form.files);
        throw error;
      }
    },
  );

  app.delete(
    '/hacking-labs/:id',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Delete a lab and its files; 409 while classrooms use it, unless force=true',
        security: signedInChanging,
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ force: z.stringbool().default(false) }),
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      const lab = await findVisibleLab(app.db, actor, request.params.id);
      if (!lab) throw apiErrors.notFound('Lab');
      if (!canDeleteLab(actor, lab)) throw apiErrors.forbidden('Only its creator or an admin');
      const storageKeys = await deleteLab(app.db, lab.id, { force: request.query.force });
      await removeStoredFiles(options.files, storageKeys, request.log);
      return reply.code(204).send(null);
    },
  );

  await app.register(labFileRoutes, { files: options.files });
};
