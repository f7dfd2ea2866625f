import { FileNotFoundError, type FileStore } from '@hackclass/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import { findVisibleLabFile } from '../../labs/find-labs';
import { principalOf } from '../../plugins/authentication';
import { attachmentDisposition } from '../../uploads/file-names';
import { SANDBOX_CSP } from '../../uploads/sandbox';

export const labFileRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (
  app,
  { files },
) => {
  app.get(
    '/hacking-labs/:idOrSlug/files/:fileId',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Download a lab file (always as an attachment)',
        security: [{ idToken: [] }],
        params: z.object({ idOrSlug: z.string(), fileId: z.string() }),
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const { idOrSlug, fileId } = request.params;
      const file = await findVisibleLabFile(app.db, principalOf(request).user, idOrSlug, fileId);
      if (!file) throw apiErrors.notFound('File');
      const stored = await files.get(file.storageKey).catch((error: unknown) => {
        if (error instanceof FileNotFoundError) throw apiErrors.notFound('File');
        throw error;
      });
      // Lab files are hacking material: never let a browser render or sniff them, whatever
      // type the uploader claimed.
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX_CSP)
        .header('content-length', stored.size)
        .header('cache-control', 'private, no-store')
        .send(stored.body);
    },
  );
};
