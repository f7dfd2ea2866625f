import { imageCheckRequestSchema, imageCheckSchema } from '@hackclass/contracts';
import { IMAGE_CHECKED } from '@hackclass/engine';
import { addressBucket } from '@hackclass/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canCreateContent } from '../../policies/actors';
import { problemOf } from '../../targets/failures';
import { judgeImage, ownerOf } from '../../targets/image-policy';
import { write } from '../security';
import { tags } from './schemas';

/** Enough for a teacher trying a few spellings; too few to scan a network through the engine. */
export const IMAGE_CHECKS_PER_MINUTE = 10;

/** The lab form's Check image. */
export const imageCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/target-images/check',
    {
      config: {
        rateLimit: {
          max: IMAGE_CHECKS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `image-checks:${request.principal?.user.id ?? addressBucket(request.ip)}`,
        },
      },
      schema: {
        tags,
        summary: 'Whether the engine has an image or can pull it (teachers and admins)',
        description:
          'Nothing is pulled. An image the caller may not use (LAB_IMAGE_ALLOW) is 422 ' +
          '`image_not_allowed`, whatever the reason, and no registry is asked about it; a ' +
          'registry named by an address or a local name is never asked unless LAB_IMAGE_ALLOW ' +
          `names it. The answer is one fixed sentence per status. At most ${IMAGE_CHECKS_PER_MINUTE} ` +
          'a minute per user. 503 `targets_off` when no engine is set up.',
        security: write,
        body: imageCheckRequestSchema,
        response: {
          200: imageCheckSchema,
          ...errorResponses(
            'forbidden',
            'targets_off',
            'image_not_allowed',
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
      const { user } = principalOf(request);
      if (!canCreateContent(user)) {
        throw apiErrors.forbidden('Only teachers and admins create labs');
      }
      const { driver } = app.targets;
      if (!driver) throw apiErrors.targetsOff();
      const { image } = request.body;
      try {
        const verdict = await judgeImage(app.targets, image, ownerOf(user), { strict: true });
        if (verdict === 'local') {
          return { status: 'present' as const, message: IMAGE_CHECKED.present };
        }
        // Only a listed image's registry is ever asked.
        if (verdict !== 'pull') throw apiErrors.imageNotAllowed();
        const check = await driver.checkImage(image);
        if (check.status === 'missing') {
          request.log.info({ err: check.cause, image }, 'image check: the registry gave no image');
        }
        return { status: check.status, message: check.message };
      } catch (error) {
        throw problemOf(error) ?? error;
      }
    },
  );
};
