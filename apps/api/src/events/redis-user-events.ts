import { userEventSchema } from '@hackclass/contracts';
import { type Logger, redisEventBus } from './redis-event-bus';
import type { UserEvents } from './user-events';

export const USER_EVENTS_CHANNEL = 'hackclass:user-events';

/** User events shared by every replica through Redis (see `redisEventBus`). */
export const redisUserEvents = (redisUrl: string, logger: Logger): Promise<UserEvents> =>
  redisEventBus(redisUrl, logger, {
    channel: USER_EVENTS_CHANNEL,
    schema: userEventSchema,
    name: 'user events',
  });
