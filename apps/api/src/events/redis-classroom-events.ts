import { randomUUID } from 'node:crypto';
import { classroomEventSchema } from '@hackclass/contracts';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type ClassroomEvents, localClassroomEvents } from './classroom-events';

export const CLASSROOM_EVENTS_CHANNEL = 'hackclass:classroom-events';

const messageSchema = z.object({
  /** The process that published it: it has delivered the event to its own listeners already. */
  origin: z.string(),
  classroomId: z.string(),
  event: classroomEventSchema,
});

function parseMessage(raw: string) {
  try {
    return messageSchema.safeParse(JSON.parse(raw)).data;
  } catch {
    return undefined;
  }
}

/** QUIT waits for what is queued, which on a connection to a Redis that is down is forever. */
async function shut(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') return connection.disconnect();
  await connection.quit().catch(() => connection.disconnect());
}

/** What the bus logs with: pino's (and so Fastify's) `(fields, message)` calls. */
interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Classroom events shared by every replica through Redis pub/sub.
 *
 * One channel carries every classroom, the classroom id inside each message. A process then
 * holds one subscription, made when it starts and again after each reconnect: a page that starts
 * watching a classroom misses nothing while a per-classroom SUBSCRIBE would still be on its way.
 * Events are rare and small (a solve, a roster change), so that every replica reads all of them
 * costs little.
 *
 * A process hands its own events to its own listeners at once and skips them when Redis echoes
 * them back, so that pages on it stay live through a Redis outage. Events published while Redis
 * is away reach no other replica; their pages catch up on their next refetch.
 *
 * Resolves once subscribed, or at the first connection error: the API then starts without
 * Redis, logs it, and subscribes when Redis comes (back).
 */
export async function redisClassroomEvents(
  redisUrl: string,
  logger: Logger,
  { channel = CLASSROOM_EVENTS_CHANNEL }: { channel?: string } = {},
): Promise<ClassroomEvents> {
  const origin = randomUUID();
  const local = localClassroomEvents();
  // A publish fails at once while Redis is away rather than queueing up.
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Subscribed anew on every connection (below), so that a Redis restart loses nothing but the
  // events published while it was away.
  const subscriber = new Redis(redisUrl, { autoResubscribe: false });

  for (const [name, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // ioredis reports every failed reconnect: log when Redis goes away and when it is back.
    let down = false;
    connection.on('error', (error: Error) => {
      if (down) return;
      down = true;
      logger.warn({ err: error, connection: name }, 'classroom events: Redis unavailable');
    });
    connection.on('ready', () => {
      if (!down) return;
      down = false;
      logger.info({ connection: name }, 'classroom events: Redis available again');
    });
  }

  subscriber.on('message', (_channel: string, raw: string) => {
    const message = parseMessage(raw);
    if (!message) {
      logger.warn({ channel }, 'classroom events: ignored a malformed message');
      return;
    }
    if (message.origin !== origin) local.publish(message.classroomId, message.event);
  });

  let started: () => void = () => {};
  const starting = new Promise<void>((resolve) => {
    started = resolve;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        logger.debug({ channel }, 'classroom events: subscribed');
        started();
      },
      (error: unknown) => logger.warn({ err: error, channel }, 'classroom events: not subscribed'),
    );
  });
  subscriber.once('error', started);
  await starting;

  return {
    publish(classroomId, event) {
      local.publish(classroomId, event);
      publisher
        .publish(channel, JSON.stringify({ origin, classroomId, event }))
        .catch((error: unknown) => {
          logger.warn({ err: error, classroomId }, 'classroom events: not shared with replicas');
        });
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await Promise.all([shut(publisher), shut(subscriber)]);
    },
  };
}
