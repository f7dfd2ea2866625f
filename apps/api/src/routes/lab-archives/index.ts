import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ServerConfig } from '@hackclass/config';
import {
  LAB_ARCHIVE_SUFFIX,
  LAB_IMPORT_FIELD,
  labImportFieldsSchema,
  labImportReportSchema,
} from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import { labForArchive } from '../../lab-archives/archived-lab';
import { classroomLabsArchive } from '../../lab-archives/export-classroom-labs';
import { importLabs } from '../../lab-archives/import-labs';
import { addLab, gzippedTar } from '../../lab-archives/pack-archive';
import { readCtfd } from '../../lab-archives/read-ctfd';
import { readHackclassArchive } from '../../lab-archives/read-hackclass-archive';
import { withoutRefusedTargets } from '../../lab-archives/refused-targets';
import { unpackUpload } from '../../lab-archives/unpack-upload';
import { managedClassroom } from '../../labs/classroom-labs';
import { parseFormFields } from '../../labs/create-lab';
import { findVisibleLab } from '../../labs/find-labs';
import { slugify } from '../../labs/slug';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canCreateContent } from '../../policies/actors';
import { canEditLab } from '../../policies/labs';
import { ensureRoom, type Quotas, quotaOwner } from '../../quotas/headroom';
import { ownerOf } from '../../targets/image-policy';
import { ensureWithinOperatorLimits } from '../../targets/lab-target';
import { attachmentDisposition } from '../../uploads/file-names';
import { discardFiles, FORM_ERRORS, readMultipartForm } from '../../uploads/multipart-form';
import { read, write } from '../security';

export interface LabArchiveRoutesOptions {
  files: FileStore;
  uploads: ServerConfig['uploads'];
  quotas: Quotas;
  labs: ServerConfig['labs'];
}

const ARCHIVE_ERRORS = [
  'not_a_lab_archive',
  'lab_archive_invalid',
  'lab_archive_version_unsupported',
  'lab_archive_too_large',
  'lab_archive_size_mismatch',
] as const;

const sendArchive = (reply: FastifyReply, name: string, archive: Readable) =>
  reply
    .header('content-type', 'application/gzip')
    .header('content-disposition', attachmentDisposition(`${name}${LAB_ARCHIVE_SUFFIX}`))
    .header('cache-control', 'private, no-store')
    .send(archive);

export const labArchiveRoutes: FastifyPluginAsyncZod<LabArchiveRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/hacking-labs/:id/export',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Export a lab as one archive (its editors: its creator and admins)',
        description:
          'A gzipped tar archive `<slug>.hackclass.tar.gz` holding `manifest.json` (format ' +
          '`hackclass-lab`, version 1: the lab’s fields, flags, hints, target and files with ' +
          'their sizes and SHA-256) and `files/<name>` for each file. Streamed.',
        security: read,
        params: z.object({ id: z.uuid() }),
        produces: ['application/gzip'],
        response: errorResponses('not_found', 'forbidden'),
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      const lab = await findVisibleLab(app.db, actor, request.params.id);
      if (!lab) throw apiErrors.notFound('Lab not found');
      if (!canEditLab(actor, lab)) throw apiErrors.forbidden('Only its creator or an admin');
      const source = await labForArchive(app.db, lab.id);
      const exportedAt = new Date().toISOString();
      return sendArchive(
        reply,
        lab.slug,
        gzippedTar((pack) => addLab(pack, options.files, '', source, exportedAt)),
      );
    },
  );

  app.get(
    '/classrooms/:id/hacking-labs/export',
    {
      schema: {
        tags: ['classrooms', 'hacking-labs'],
        summary: 'Export a classroom’s labs as one archive (its managers)',
        description:
          'A gzipped tar archive holding `manifest.json` (format `hackclass-labs`, version 1: ' +
          'the labs in the order they were added, each with its schedule and the labs it ' +
          'requires) and each lab as in its own export under `labs/<slug>/`. Labs the caller ' +
          'may not edit are left out and named in the manifest’s `leftOut`.',
        security: read,
        params: z.object({ id: z.uuid() }),
        produces: ['application/gzip'],
        response: errorResponses('not_found', 'forbidden'),
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      const classroom = await managedClassroom(app.db, actor, request.params.id);
      const archive = await classroomLabsArchive(app.db, options.files, actor, classroom);
      return sendArchive(reply, `${slugify(classroom.name)}-labs`, archive);
    },
  );

  app.post(
    '/hacking-labs/import',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Import labs from an archive or CTFd challenges (multipart: archive, classroomId)',
        description:
          '`archive` is one file: a HackClass archive (one lab’s or a classroom’s set), a ' +
          '.zip or .tar.gz of CTFd challenge folders each with a `challenge.yml` (ctfcli’s ' +
          'format) and its files, or a lone `challenge.yml`. A CTFd challenge that cannot be ' +
          'imported is skipped with its reason and the others are imported; challenge files ' +
          'may be named `challenge*.yml` or `.yaml`, and `files` may hold globs and folders. ' +
          'Every lab is created as the caller’s own, under new slugs, within their quotas, all ' +
          'or none. With `classroomId` ' +
          '(a classroom the caller manages) the labs join it with their schedules and unlock ' +
          'paths. Answers with what was created, what was skipped and which fields did not map; ' +
          'with `dryRun=true`, 200 with the same report of what it would do, creating nothing; ' +
          'a lab whose target’s image this server does not let the caller use comes without ' +
          'that target, named in `notMapped`.',
        consumes: ['multipart/form-data'],
        form: z.object({
          ...labImportFieldsSchema.shape,
          [LAB_IMPORT_FIELD]: z.file().describe('The archive or challenge.yml'),
        }),
        security: write,
        response: {
          200: labImportReportSchema.describe('With `dryRun`: what the import would do'),
          201: labImportReportSchema,
          ...errorResponses(
            'forbidden',
            'not_found',
            'quota_exceeded',
            'target_limit_too_high',
            'outbound_not_allowed',
            ...ARCHIVE_ERRORS,
            ...FORM_ERRORS,
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      if (!canCreateContent(actor))
        throw apiErrors.forbidden('Only teachers and admins import labs');
      const quota = quotaOwner(actor, actor.id, options.quotas);
      await ensureRoom(app.db, quota, { labs: 1 });
      const { fileMaxBytes, filesPerLab } = options.uploads;
      const form = await readMultipartForm(request, options.files, {
        [LAB_IMPORT_FIELD]: { prefix: 'lab-imports', maxBytes: fileMaxBytes, maxCount: 1 },
      });
      let upload: { fileName: string; bytes: Buffer };
      let fields: z.output<typeof labImportFieldsSchema>;
      try {
        fields = parseFormFields(labImportFieldsSchema, form.fields);
        const [file] = form.files;
        if (!file) {
          throw apiErrors.validation({ [LAB_IMPORT_FIELD]: ['Choose a file to import'] });
        }
        const stored = await options.files.get(file.storageKey);
        upload = { fileName: file.fileName, bytes: await buffer(stored.body) };
      } finally {
        await discardFiles(options.files, form.files);
      }
      const classroom =
        fields.classroomId === undefined
          ? undefined
          : await managedClassroom(app.db, actor, fields.classroomId);
      const unpacked = await unpackUpload(upload.fileName, upload.bytes, {
        maxBytes: fileMaxBytes,
      });
      const found = await withoutRefusedTargets(
        app.targets,
        readHackclassArchive(unpacked) ??
          readCtfd(unpacked, { missingFiles: fields.missingFiles, maxFiles: filesPerLab }),
        ownerOf(actor),
      );
      for (const draft of found.drafts) ensureWithinOperatorLimits(draft.lab.target, options.labs);
      const report = await importLabs(app.db, options.files, found, {
        creatorId: actor.id,
        quota,
        classroom,
        maxFiles: filesPerLab,
        fileMaxBytes,
        dryRun: fields.dryRun,
      });
      return reply.code(report.dryRun ? 200 : 201).send(report);
    },
  );
};
