import { imageCheckRequestSchema, imageCheckSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canCreateContent } from '../../policies/actors';
import { problemOf } from '../../targets/failures';
import { tags, write } from './schemas';

/** The lab form's Check image. */
export const imageCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/target-images/check',
    {
      schema: {
        tags,
        summary: 'Whether the engine has an image or can pull it (teachers and admins)',
        description: 'Nothing is pulled. 503 `targets_off` when no engine is set up.',
        security: write,
        body: imageCheckRequestSchema,
        response: {
          200: imageCheckSchema,
          ...errorResponses(
            'forbidden',
            'targets_off',
            'image_missing',
            'pull_denied',
            'out_of_memory',
            'start_failed',
            'port_taken',
            'engine_unreachable',
          ),
        },
      },
    },
    async (request) => {
      if (!canCreateContent(principalOf(request).user)) {
        throw apiErrors.forbidden('Only teachers and admins create labs');
      }
      const { driver } = app.targets;
      if (!driver) throw apiErrors.targetsOff();
      try {
        return await driver.checkImage(request.body.image);
      } catch (error) {
        throw problemOf(error) ?? error;
      }
    },
  );
};
