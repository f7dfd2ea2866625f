import { targetParamsSchema, targetSchema } from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor } from '../../classrooms/access';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import type { Actor } from '../../policies/actors';
import { canRunTargets } from '../../policies/targets';
import { extendTarget } from '../../targets/extend-target';
import type { TargetFacts } from '../../targets/find-targets';
import { ownTarget, visibleTarget } from '../../targets/own-target';
import { presentTarget } from '../../targets/present-target';
import { resetTarget } from '../../targets/reset-target';
import { stopTarget } from '../../targets/stop-target';
import { read, write } from '../security';
import { tags } from './schemas';

/** One target: its status, and what its student and teachers do with it. */
export const targetRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = (actor: Actor, facts: TargetFacts) =>
    presentTarget(actor, facts, app.targets.config);

  app.get(
    '/targets/:targetId',
    {
      schema: {
        tags,
        summary: 'A target (its student, the classroom’s teacher, admins); polled while starting',
        security: read,
        params: targetParamsSchema,
        response: { 200: targetSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      return present(user, await visibleTarget(app.db, user, request.params.targetId));
    },
  );

  app.post(
    '/targets/:targetId/extend',
    {
      schema: {
        tags,
        summary: 'Push a running target’s expiry back by another lifetime (its student)',
        description:
          'Another lifetime from now, up to LAB_MAX_LIFETIME_MINUTES from its start. 409 ' +
          '`target_not_extendable` when the lab says no or the longest is reached, ' +
          '`target_not_running` when it does not run.',
        security: write,
        params: targetParamsSchema,
        response: {
          200: targetSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'target_not_running',
            'target_not_extendable',
          ),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const facts = await ownTarget(app.db, user, request.params.targetId);
      return present(user, { ...facts, target: await extendTarget(app.targets, facts) });
    },
  );

  app.post(
    '/targets/:targetId/reset',
    {
      schema: {
        tags,
        summary: 'Replace a target with a fresh one, a new flag in per-student mode (its student)',
        description:
          'Answers as a Start does. An engine failure while the old container goes is its ' +
          'problem (503 `engine_unreachable`…); the old target then stays `stopping` until the ' +
          'janitor finishes it.',
        security: write,
        params: targetParamsSchema,
        response: {
          201: targetSchema,
          ...errorResponses(
            'not_found',
            'forbidden',
            'target_not_running',
            'targets_off',
            'target_limit_reached',
            'port_range_exhausted',
            'engine_unreachable',
            'isolation_unavailable',
            'image_not_allowed',
            'outbound_not_allowed',
            'start_failed',
            'port_taken',
            'out_of_memory',
            'image_missing',
            'pull_denied',
            'image_too_large',
          ),
        },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const facts = await ownTarget(app.db, user, request.params.targetId);
      // Still a member: a reset starts a target as Start does.
      await classroomFor(app.db, facts.target.classroomId, user, canRunTargets);
      const { target, definition } = await resetTarget(app.targets, facts);
      return reply.code(201).send(present(user, { ...facts, target, rule: definition }));
    },
  );

  app.delete(
    '/targets/:targetId',
    {
      schema: {
        tags,
        summary: 'Stop a target (its student, the classroom’s teacher, admins)',
        description: 'Answers it `stopping` (the container goes right after), or as it ended.',
        security: write,
        params: targetParamsSchema,
        response: { 200: targetSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const facts = await visibleTarget(app.db, user, request.params.targetId);
      return present(user, { ...facts, target: await stopTarget(app.targets, facts.target) });
    },
  );
};
