import { terminalWatchEventSchema } from '@hackclass/contracts';
import { type Logger, redisEventBus } from './redis-event-bus';
import type { TerminalEvents } from './terminal-events';

export const TERMINAL_EVENTS_CHANNEL = 'hackclass:terminal-events';

/** Terminal events shared by every replica through Redis (see `redisEventBus`). */
export const redisTerminalEvents = (redisUrl: string, logger: Logger): Promise<TerminalEvents> =>
  redisEventBus(redisUrl, logger, {
    channel: TERMINAL_EVENTS_CHANNEL,
    schema: terminalWatchEventSchema,
    name: 'terminal events',
  });
