import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type EventBus, localEventBus } from './event-bus';

const messageOf = <Event>(event: z.ZodType<Event>) =>
  z.object({
    /** The process that published it: it has delivered the event to its own listeners already. */
    origin: z.string(),
    /** What the event is about: a classroom's id, a user's id. */
    key: z.string(),
    event,
  });

function parseMessage<Event>(schema: ReturnType<typeof messageOf<Event>>, raw: string) {
  try {
    return schema.safeParse(JSON.parse(raw)).data;
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
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface RedisEventBusOptions<Event> {
  /** The one Redis channel of these events. */
  channel: string;
  /** What a message's event must be; others (a newer replica's, say) are skipped. */
  schema: z.ZodType<Event>;
  /** How the logs name these events, e.g. `classroom events`. */
  name: string;
}

/**
 * Events shared by every replica through Redis pub/sub.
 *
 * One channel carries every key (every classroom, say), the key inside each message. A process
 * then holds one subscription, made when it starts and again after each reconnect: a page that
 * starts watching misses nothing while a per-key SUBSCRIBE would still be on its way. Events are
 * rare and small (a solve, a roster change, a notification), so that every replica reads all of
 * them costs little.
 *
 * A process hands its own events to its own listeners at once and skips them when Redis echoes
 * them back, so that pages on it stay live through a Redis outage. Events published while Redis
 * is away reach no other replica; their pages catch up on their next refetch.
 *
 * Resolves once subscribed and ready to publish, or at the first connection error: the API then
 * starts without Redis, logs it, and subscribes when Redis comes (back).
 */
export async function redisEventBus<Event>(
  redisUrl: string,
  logger: Logger,
  { channel, schema, name }: RedisEventBusOptions<Event>,
): Promise<EventBus<Event>> {
  const messageSchema = messageOf(schema);
  const origin = randomUUID();
  const local = localEventBus<Event>();
  // A publish fails at once while Redis is away rather than queueing up.
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Subscribed anew on every connection (below), so that a Redis restart loses nothing but the
  // events published while it was away.
  const subscriber = new Redis(redisUrl, { autoResubscribe: false });

  for (const [role, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // ioredis reports every failed reconnect: log when Redis goes away and when it is back.
    let down = false;
    connection.on('error', (error: Error) => {
      if (down) return;
      down = true;
      logger.warn({ err: error, connection: role }, `${name}: Redis unavailable`);
    });
    connection.on('ready', () => {
      if (!down) return;
      down = false;
      logger.info({ connection: role }, `${name}: Redis available again`);
    });
  }

  subscriber.on('message', (_channel: string, raw: string) => {
    const message = parseMessage(messageSchema, raw);
    if (!message) {
      logger.warn({ channel }, `${name}: ignored a malformed message`);
      return;
    }
    if (message.origin !== origin) local.publish(message.key, message.event);
  });

  let subscribed: () => void = () => {};
  const subscribing = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        logger.debug({ channel }, `${name}: subscribed`);
        subscribed();
      },
      (error: unknown) => logger.warn({ err: error, channel }, `${name}: not subscribed`),
    );
  });
  subscriber.once('error', subscribed);
  // The publisher queues nothing while it connects, so an event published before it is ready
  // would reach no other replica: wait for it too.
  const publisherReady = new Promise<void>((resolve) => {
    publisher.once('ready', resolve);
    publisher.once('error', resolve);
  });
  await Promise.all([subscribing, publisherReady]);

  return {
    publish(key, event) {
      local.publish(key, event);
      publisher.publish(channel, JSON.stringify({ origin, key, event })).catch((error: unknown) => {
        logger.warn({ err: error, key }, `${name}: not shared with replicas`);
      });
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await Promise.all([shut(publisher), shut(subscriber)]);
    },
  };
}
