import {
  type ClassroomTarget,
  classroomParamsSchema,
  classroomTargetSchema,
  classroomTargetSettingsSchema,
  targetEngineSchema,
} from '@hackclass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { managedClassroomFor } from '../../classrooms/access';
import { apiErrors } from '../../errors';
import { principalOf } from '../../plugins/authentication';
import { errorResponses } from '../../plugins/error-responses';
import { type Actor, isAdmin } from '../../policies/actors';
import { saveClassroomTargetSettings } from '../../targets/classroom-settings';
import { activeTargets } from '../../targets/find-targets';
import { presentTarget } from '../../targets/present-target';
import { stopTargetsWhere } from '../../targets/stop-targets';
import { read, write } from '../security';
import { stoppedCountSchema, tags } from './schemas';

/** The Targets views: a classroom's (its teachers, admins) and every one (admins). */
export const classroomTargetRoutes: FastifyPluginAsyncZod = async (app) => {
  const listed = async (actor: Actor, classroomId?: string): Promise<ClassroomTarget[]> =>
    (await activeTargets(app.db, actor.id, classroomId)).map(
      ({ target, rule, classroomCreatorId, coTeacher, ...row }) => ({
        ...presentTarget(
          actor,
          { target, rule, classroomCreatorId, coTeacher },
          app.targets.config,
        ),
        ...row,
      }),
    );
  /** The classroom of the route's `:id`, if the caller manages it (404 or 403 otherwise). */
  const managed = async (request: { params: { id: string } } & Parameters<typeof principalOf>[0]) =>
    (await managedClassroomFor(app.db, request.params.id, principalOf(request).user)).classroom;

  app.get(
    '/classrooms/:id/targets',
    {
      schema: {
        tags,
        summary: 'The classroom’s active targets, newest first (its teacher, admins)',
        security: read,
        params: classroomParamsSchema,
        response: {
          200: z.array(classroomTargetSchema),
          ...errorResponses('not_found', 'forbidden'),
        },
      },
    },
    async (request) => {
      const classroom = await managed(request);
      return listed(principalOf(request).user, classroom.id);
    },
  );

  app.delete(
    '/classrooms/:id/targets',
    {
      schema: {
        tags,
        summary: 'Stop every active target of the classroom (its teacher, admins)',
        security: write,
        params: classroomParamsSchema,
        response: { 200: stoppedCountSchema, ...errorResponses('not_found', 'forbidden') },
      },
    },
    async (request) => {
      const classroom = await managed(request);
      return { stopped: await stopTargetsWhere(app.targets, { classroomId: classroom.id }) };
    },
  );

  app.get(
    '/classrooms/:id/target-settings',
    {
      schema: {
        tags,
        summary: 'The classroom’s maximum of running targets; null: the operator’s limits only',
        security: read,
        params: classroomParamsSchema,
        response: {
          200: classroomTargetSettingsSchema,
          ...errorResponses('not_found', 'forbidden'),
        },
      },
    },
    async (request) => {
      const classroom = await managed(request);
      return { maxRunningTargets: classroom.maxRunningTargets };
    },
  );

  app.put(
    '/classrooms/:id/target-settings',
    {
      schema: {
        tags,
        summary: 'Set the classroom’s maximum of running targets (its teacher, admins)',
        description: 'Targets already running go on; new starts count against it.',
        security: write,
        params: classroomParamsSchema,
        body: classroomTargetSettingsSchema,
        response: {
          200: classroomTargetSettingsSchema,
          ...errorResponses('not_found', 'forbidden'),
        },
      },
    },
    async (request) => {
      const classroom = await managed(request);
      return saveClassroomTargetSettings(app.db, classroom.id, request.body);
    },
  );

  app.get(
    '/targets',
    {
      schema: {
        tags,
        summary: 'Every active target, newest first (admins)',
        security: read,
        response: { 200: z.array(classroomTargetSchema), ...errorResponses('forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      if (!isAdmin(user)) throw apiErrors.forbidden('Admins only');
      return listed(user);
    },
  );

  app.get(
    '/target-engine',
    {
      schema: {
        tags,
        summary: 'Whether targets can start: the engine and the host firewall guard (admins)',
        security: read,
        response: { 200: targetEngineSchema, ...errorResponses('forbidden') },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      if (!isAdmin(user)) throw apiErrors.forbidden('Admins only');
      if (!app.targets.driver) return { status: 'off' as const, detail: null };
      const { status, detail } = await app.targets.engineStatus();
      return { status, detail: detail ?? null };
    },
  );
};
