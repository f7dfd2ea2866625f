import type { FileStore } from '@hackclass/storage';
import type { FastifyPluginAsync } from 'fastify';
import { classroomTargetRoutes } from './classroom-targets';
import { imageCheckRoutes } from './image-check';
import { myBoxRoutes } from './my-box';
import { myTargetRoutes } from './my-target';
import { targetRoutes as oneTargetRoutes } from './target';

/** Live lab targets and attack boxes (the Open ticket is the target proxy's). */
export const targetRoutes: FastifyPluginAsync<{ files: FileStore }> = async (app, { files }) => {
  await app.register(myTargetRoutes);
  await app.register(myBoxRoutes, { files });
  await app.register(oneTargetRoutes);
  await app.register(classroomTargetRoutes);
  await app.register(imageCheckRoutes);
};
