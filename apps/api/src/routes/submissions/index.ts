import {
  classroomParamsSchema,
  flagSubmissionParamsSchema,
  flagSubmissionRequestSchema,
  flagSubmissionResultSchema,
  submissionListQuerySchema,
  submissionListSchema,
} from '@hackclass/contracts';
import { addressBucket } from '@hackclass/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { canManageClassroom, canSeeClassroom, canSubmitFlags } from '../../policies/classrooms';
import { assertLabOpenTo } from '../../schedules/open-to';
import { listSubmissions } from '../../submissions/list-submissions';
import { submitFlag } from '../../submissions/submit-flag';
import { read, write } from '../security';

const tags = ['submissions'];

/** Guessing is cheap to script: a few tries per minute for one member and lab. */
export const FLAGS_PER_MINUTE = 10;

/** Counted per member and lab, so that a wrong streak on one lab does not block the others. */
const flagKey = (request: FastifyRequest) => {
  const { labId } = request.params as { labId?: string };
  return `flag:${request.principal?.user.id ?? addressBucket(request.ip)}:${labId}`;
};

export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/classrooms/:id/hacking-labs/:labId/submissions',
    {
      config: {
        rateLimit: {
          max: FLAGS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: flagKey,
          errorResponseBuilder: (_request, context) =>
            apiErrors.flagRateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      },
      schema: {
        tags,
        summary: 'Submit a flag for a lab of the classroom (accepted members)',
        description:
          `At most ${FLAGS_PER_MINUTE} per minute per member and lab (429 with Retry-After). ` +
          'A wrong flag is `correct: false`; a lab solved before is `alreadySolved: true`. ' +
          'A lab not open yet is 404; one whose required labs are unsolved, 409 `lab_locked`.',
        security: write,
        params: flagSubmissionParamsSchema,
        body: flagSubmissionRequestSchema,
        response: {
          200: flagSubmissionResultSchema,
          ...errorResponses('not_found', 'forbidden', 'lab_locked', 'flag_rate_limited'),
        },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSubmitFlags);
      const { classroom } = view;
      await assertLabOpenTo(app.db, user, view, request.params.labId);
      return submitFlag(app.db, {
        classroomId: classroom.id,
        labId: request.params.labId,
        userId: user.id,
        flag: request.body.flag,
      });
    },
  );

  app.get(
    '/classrooms/:id/submissions',
    {
      schema: {
        tags,
        summary:
          'A page of submissions, newest first: all for the classroom’s managers, ' +
          'their own for members; the flag typed is null unless the caller submitted it or ' +
          'may see the lab’s flags',
        security: read,
        params: classroomParamsSchema,
        querystring: submissionListQuerySchema,
        response: { 200: submissionListSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const view = await classroomFor(app.db, request.params.id, user, canSeeClassroom);
      const { query } = request;
      if (canManageClassroom(user, view)) {
        return listSubmissions(app.db, user, view.classroom.id, query);
      }
      if (query.userId !== undefined && query.userId !== user.id) {
        throw apiErrors.forbidden('Members see only their own submissions');
      }
      return listSubmissions(app.db, user, view.classroom.id, { ...query, userId: user.id });
    },
  );
};
