import type { ServerConfig } from '@hackclass/config';
import { labSchema, labTargetInputSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../errors';
import { findVisibleLab, labDetails } from '../../labs/find-labs';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canEditLab } from '../../policies/labs';
import { ensureEditedImageAllowed } from '../../targets/image-policy';
import { ensureWithinOperatorLimits, labTargetOf, saveLabTarget } from '../../targets/lab-target';
import { write } from '../security';

/**
 * Adding a live target to a lab that has none, as the import report offers for each target an
 * archive defined (imports bring none by themselves): every rule of a save applies.
 */
export const addTargetRoutes: FastifyPluginAsyncZod<{ labs: ServerConfig['labs'] }> = async (
  app,
  options,
) => {
  app.post(
    '/hacking-labs/:id/target',
    {
      schema: {
        tags: ['hacking-labs'],
        summary: 'Give a lab without one its live target (its creator or an admin)',
        description:
          'The definition as the lab form’s `target`, as JSON. 409 `lab_has_target` when the ' +
          'lab has one already (edit the lab to change it); the operator’s limits, image and ' +
          'outbound rules answer as at save.',
        security: write,
        params: z.object({ id: z.uuid() }),
        body: labTargetInputSchema,
        response: {
          201: labSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'lab_has_target',
            'target_limit_too_high',
            'image_not_allowed',
            'outbound_not_allowed',
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).user;
      const lab = await findVisibleLab(app.db, actor, request.params.id);
      if (!lab) throw apiErrors.notFound('Lab not found');
      if (!canEditLab(actor, lab)) throw apiErrors.forbidden('Only its creator or an admin');
      if (await labTargetOf(app.db, lab.id)) throw apiErrors.labHasTarget();
      ensureWithinOperatorLimits(request.body, options.labs);
      await ensureEditedImageAllowed(app.targets, lab.id, request.body.image);
      await saveLabTarget(app.db, lab.id, request.body);
      return reply.code(201).send(await labDetails(app.db, actor, lab, app.targets));
    },
  );
};
