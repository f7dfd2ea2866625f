import type { ServerConfig } from '@hackclass/config';
import { accountQuotaSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/authentication';
import { type Quotas, quotaOwner } from '../../quotas/headroom';
import { usageOf } from '../../quotas/usage';
import { read } from '../security';

export const userQuotaRoutes: FastifyPluginAsyncZod<{
  quotas: Quotas;
  uploads: ServerConfig['uploads'];
}> = async (app, { quotas, uploads }) => {
  app.get(
    '/users/me/quota',
    {
      schema: {
        tags: ['users'],
        summary:
          'What the caller’s labs, their files and classrooms use of their quotas ' +
          '(no limits for admins), and the limits of each lab upload',
        security: read,
        response: { 200: accountQuotaSchema },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const limits = quotaOwner(user, user.id, quotas)?.limits;
      const used = await usageOf(app.db, user.id);
      return {
        fileBytes: { used: used.fileBytes, limit: limits?.fileBytes ?? null },
        labs: { used: used.labs, limit: limits?.labs ?? null },
        classrooms: { used: used.classrooms, limit: limits?.classrooms ?? null },
        labFileMaxBytes: uploads.fileMaxBytes,
        filesPerLab: uploads.filesPerLab,
      };
    },
  );
};
