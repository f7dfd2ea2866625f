import { classroomEventSchema } from '@hackclass/contracts';
import type { ClassroomEvents } from './classroom-events';
import { type Logger, redisEventBus } from './redis-event-bus';

export const CLASSROOM_EVENTS_CHANNEL = 'hackclass:classroom-events';

/** Classroom events shared by every replica through Redis (see `redisEventBus`). */
export const redisClassroomEvents = (
  redisUrl: string,
  logger: Logger,
  { channel = CLASSROOM_EVENTS_CHANNEL }: { channel?: string } = {},
): Promise<ClassroomEvents> =>
  redisEventBus(redisUrl, logger, {
    channel,
    schema: classroomEventSchema,
    name: 'classroom events',
  });
