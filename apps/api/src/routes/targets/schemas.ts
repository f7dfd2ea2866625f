import { z } from 'zod';

export const classroomLabParamsSchema = z.object({ id: z.uuid(), labId: z.uuid() });
export const stoppedCountSchema = z.object({ stopped: z.number().int() });

export const tags = ['targets'];
