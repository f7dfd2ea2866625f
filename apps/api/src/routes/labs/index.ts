import type { ServerConfig } from '@hackclass/config';
import {
  LAB_FILES_FIELD,
  labListSchema,
  labSchema,
  updateLabFieldsSchema,
} from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import { createLab, parseFormFields, parseLabFields } from '../../labs/create-lab';
import { deleteLab, removeStoredFiles } from '../../labs/delete-lab';
import { findVisibleLab, labDetails, listLabs } from '../../labs/find-labs';
import { updateLab } from '../../labs/update-lab';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canCreateContent } from '../../policies/actors';
import { canDeleteLab, canEditLab, canListLabs } from '../../policies/labs';
import { ensureRoom, type Quotas, quotaOwner, uploadBudget } from '../../quotas/headroom';
import { labFileBytes } from '../../quotas/usage';
import { ensureEditedImageAllowed, ensureImageAllowed, ownerOf } from '../../targets/image-policy';
import { ensureWithinOperatorLimits } from '../../targets/lab-target';
import { discardFiles, FORM_ERRORS, readMultipartForm } from '../../uploads/multipart-form';
import { read, write } from '../security';
import { addTargetRoutes } from './add-target';
import { labFileRoutes } from './files';
import { createLabFormSchema, updateLabFormSchema } from './forms';

export interface LabRoutesOptions {
  files: FileStore;
  uploads: ServerConfig['uploads'];
  quotas: Quotas;
  /** The operator's limits on what a lab's target may ask for (LAB_MAX_*). */
  labs: ServerConfig['labs'];
}

export const labRoutes: FastifyPluginAsyncZod<LabRoutesOptions> = async (app, options) => {
  app.get(
    '/hacking-labs',
    {
      schema: {
        tags: ['hacking-labs'],
        summary:
          'Labs: all for admins, their own for teachers, their classrooms’ for others; ' +
          'guests get 403',
        security: read,
        response: { 200: labListSchema, ...errorResponses('forbidden') },
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
        security: read,
        params: z.object({ idOrSlug: z.string() }),
        response: { 200: labSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const actor = principalOf(request).user;
      const lab = await findVisibleLab(app.db, actor, request.params.idOrSlug);
      if (!lab) throw apiErrors.notFound('Lab not found');
      return labDetails(app.db, actor, lab, app.targets);
    },
  );

  const labFilesSpec = {
    [LAB_FILES_FIELD]: {
      prefix: 'lab-files',
      maxBytes: options.uploads.fileMaxBytes,
      maxCount: options.uploads.filesPerLab,
    },
  };

  app.post(
    '/hacking-labs',
    {
      schema: {
        tags: ['hacking-labs'],
        summary:
          'Create a lab (multipart: name, description, difficulty, category, points, scoring, ' +
          'minimumPoints, decay, flags, hints, target, labFiles)',
        description:
          'Text fields as in `createLabFieldsSchema`. `flags` is one field holding a JSON array ' +
          'of `{ "value": "flag{…}", "kind": "exact", "caseSensitive": true }` (at most 20; at ' +
          'least one unless the target hands out per-student flags; `caseSensitive: false` ' +
          'accepts any case; `kind: "regex"` is an RE2 pattern matched against the whole ' +
          'answer). `scoring` is `fixed` (the default) or `dynamic`: `points` is then the first ' +
          'solver’s value, falling with each solve in a classroom to `minimumPoints` after ' +
          '`decay` more solves, for every solver alike. ' +
          '`hints` is one field holding a JSON array of `{ "content": "Markdown", "cost": 0 }` ' +
          'in the order students see them (at most 10; `cost` from 0, what unlocking takes off ' +
          'the lab’s points, default 0). ' +
          '`target` is one field holding the live target as a JSON object (`labTargetFieldSchema`); ' +
          'limits over the operator’s maximums answer 400 `target_limit_too_high`, an image ' +
          'the server does not let the caller use (LAB_IMAGE_ALLOW) 422 `image_not_allowed`. Any number ' +
          'of `labFiles` up to the configured limit, each up to the configured size (413 past it).',
        consumes: ['multipart/form-data'],
        form: createLabFormSchema,
        security: write,
        response: {
          201: labSchema,
          ...errorResponses(
            'forbidden',
            'quota_exceeded',
            'target_limit_too_high',
            'image_not_allowed',
            'outbound_not_allowed',
            ...FORM_ERRORS,
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      if (!canCreateContent(actor)) {
        throw apiErrors.forbidden('Only teachers and admins create labs');
      }
      const quota = quotaOwner(actor, actor.id, options.quotas);
      // Before any byte is stored: a full account need not upload to hear so.
      await ensureRoom(app.db, quota, { labs: 1 });
      const form = await readMultipartForm(
        request,
        options.files,
        labFilesSpec,
        await uploadBudget(app.db, quota),
      );
      try {
        const fields = parseLabFields(form.fields);
        ensureWithinOperatorLimits(fields.target, options.labs);
        await ensureImageAllowed(app.targets, fields.target?.image, ownerOf(actor));
        const lab = await createLab(app.db, actor.id, fields, form.files, quota);
        return reply.code(201).send(await labDetails(app.db, actor, lab, app.targets));
      } catch (error) {
        await discardFiles(options.files, form.files);
        throw error;
      }
    },
  );

  app.put(
    '/hacking-labs/:id',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Edit a lab (multipart, as create, plus removeFileIds); its creator or an admin',
        description:
          'Text fields as in `updateLabFieldsSchema`: those of creation, whose `flags` replace ' +
          'the old set, and `removeFileIds`, a JSON array of file ids to remove. The `hints` ' +
          'replace the old set too: one sent with the `id` of one of the lab’s hints is kept, ' +
          'with its unlocks, and rewritten in place. A `target` left ' +
          'out stays as it was; `null` removes it and stops its running targets. A new image the ' +
          'lab’s creator may not use is 422 `image_not_allowed`; its saved one is kept. New `labFiles` ' +
          'are added; the total stays within the configured limit. The slug does not change.',
        consumes: ['multipart/form-data'],
        form: updateLabFormSchema,
        security: write,
        params: z.object({ id: z.uuid() }),
        response: {
          200: labSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'target_limit_too_high',
            'image_not_allowed',
            'outbound_not_allowed',
            ...FORM_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const actor = principalOf(request).user;
      const found = await findVisibleLab(app.db, actor, request.params.id);
      if (!found) throw apiErrors.notFound('Lab not found');
      if (!canEditLab(actor, found)) throw apiErrors.forbidden('Only its creator or an admin');
      const quota = quotaOwner(actor, found.creatorId, options.quotas);
      const form = await readMultipartForm(
        request,
        options.files,
        labFilesSpec,
        await uploadBudget(app.db, quota, await labFileBytes(app.db, found.id)),
      );
      let updated: Awaited<ReturnType<typeof updateLab>>;
      try {
        const fields = parseFormFields(updateLabFieldsSchema, form.fields);
        ensureWithinOperatorLimits(fields.target, options.labs);
        await ensureEditedImageAllowed(app.targets, found.id, fields.target?.image);
        updated = await updateLab(app.db, found.id, fields, form.files, {
          maxFiles: options.uploads.filesPerLab,
          quota,
        });
      } catch (error) {
        await discardFiles(options.files, form.files);
        throw error;
      }
      await removeStoredFiles(options.files, updated.removedKeys, request.log);
      return labDetails(app.db, actor, updated.lab, app.targets);
    },
  );

  app.delete(
    '/hacking-labs/:id',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Delete a lab and its files; 409 while classrooms use it, unless force=true',
        security: write,
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ force: z.stringbool().default(false) }),
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('not_found', 'forbidden', 'lab_in_use'),
        },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      const lab = await findVisibleLab(app.db, actor, request.params.id);
      if (!lab) throw apiErrors.notFound('Lab not found');
      if (!canDeleteLab(actor, lab)) throw apiErrors.forbidden('Only its creator or an admin');
      const { storageKeys } = await deleteLab(app.db, lab.id, { force: request.query.force });
      await removeStoredFiles(options.files, storageKeys, request.log);
      return reply.code(204).send(null);
    },
  );

  await app.register(labFileRoutes, { files: options.files });
  await app.register(addTargetRoutes, { labs: options.labs });
};
