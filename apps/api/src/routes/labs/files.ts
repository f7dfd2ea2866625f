import { labFileLinkSchema } from '@hackclass/contracts';
import { FileNotFoundError, type FileStore } from '@hackclass/storage';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { apiErrors } from '../../errors';
import {
  checkDownload,
  DOWNLOAD_LINK_TTL_MS,
  downloadLinkKey,
  downloadLinkPath,
  downloadLinkQuerySchema,
  grantDownload,
} from '../../labs/download-links';
import { findVisibleLabFile } from '../../labs/find-labs';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import type { Actor } from '../../policies/actors';
import { attachmentDisposition } from '../../uploads/file-names';
import { SANDBOX_CSP } from '../../uploads/sandbox';
import { read, write } from '../security';

const fileParams = z.object({ idOrSlug: z.string(), fileId: z.string() });

export const labFileRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (
  app,
  { files },
) => {
  const linkKey = downloadLinkKey(app.targets.deployment.proxySecret);

  /** The file if `actor` may download it, by the same rule as seeing its lab; else 404. */
  const visibleFile = async (actor: Actor, idOrSlug: string, fileId: string) => {
    const file = await findVisibleLabFile(app.db, actor, idOrSlug, fileId);
    if (!file) throw apiErrors.notFound('File not found');
    return file;
  };

  const send = async (
    reply: FastifyReply,
    file: { storageKey: string; fileName: string },
  ): Promise<FastifyReply> => {
    const stored = await files.get(file.storageKey).catch((error: unknown) => {
      if (error instanceof FileNotFoundError) throw apiErrors.notFound('File not found');
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
  };

  app.get(
    '/hacking-labs/:idOrSlug/files/:fileId',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Download a lab file (always as an attachment)',
        security: read,
        params: fileParams,
        produces: ['application/octet-stream'],
        response: errorResponses('not_found'),
      },
    },
    async (request, reply) => {
      const { idOrSlug, fileId } = request.params;
      return send(reply, await visibleFile(principalOf(request).user, idOrSlug, fileId));
    },
  );

  app.post(
    '/hacking-labs/:idOrSlug/files/:fileId/link',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'A download link for a lab file, which the browser follows without a token',
        description:
          `The link works for ${DOWNLOAD_LINK_TTL_MS / 1000} seconds, for this file and the ` +
          'caller alone; who may download the file is checked again when it is followed. ' +
          'Whoever may not download the file gets 404.',
        security: write,
        params: fileParams,
        response: { 200: labFileLinkSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const file = await visibleFile(user, request.params.idOrSlug, request.params.fileId);
      const grant = grantDownload({ labId: file.labId, fileId: file.id, userId: user.id });
      return { url: downloadLinkPath(app.prefix, linkKey, grant) };
    },
  );

  app.get(
    '/hacking-labs/:idOrSlug/files/:fileId/download',
    {
      // The link is the credential: a browser following it sends no bearer token.
      config: { access: 'public' },
      schema: {
        tags: ['hacking-labs'],
        summary: 'Follow a download link (see `POST …/link`): the file, as an attachment',
        description:
          'Streams the file with its length. 403 `download_link_invalid` when the link was ' +
          'altered, 410 `download_link_expired` past its minute, 404 when its user may no ' +
          'longer download the file.',
        params: z.object({ idOrSlug: z.uuid(), fileId: z.uuid() }),
        querystring: downloadLinkQuerySchema,
        produces: ['application/octet-stream'],
        response: errorResponses('not_found', 'download_link_invalid', 'download_link_expired'),
      },
    },
    async (request, reply) => {
      const { idOrSlug: labId, fileId } = request.params;
      const { user: userId, expires, signature } = request.query;
      const grant = { labId, fileId, userId, expiresAt: expires };
      const verdict = checkDownload(linkKey, grant, signature);
      if (verdict === 'invalid') throw apiErrors.downloadLinkInvalid();
      if (verdict === 'expired') throw apiErrors.downloadLinkExpired();
      // Whoever lost access since the link was made (left the classroom, was disabled) has it no more.
      const [user] = await app.db.select().from(users).where(eq(users.id, userId));
      if (!user) throw apiErrors.notFound('File not found');
      if (user.disabledAt) throw apiErrors.accountDisabled();
      return send(reply, await visibleFile(user, labId, fileId));
    },
  );
};
