import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import type { ClassroomEvent } from '@hackclass/contracts';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { isReachable } from '../../test/support/reachable';
import type { ClassroomEvents } from './classroom-events';
import { redisClassroomEvents } from './redis-classroom-events';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const skip = !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379));
if (skip)
  console.warn(`Redis classroom events not tested: REDIS_URL unset, ${REDIS_URL} unreachable`);

/** A logger that keeps what it was told, and says when a line comes. */
function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const waiting: { message: string; resolve: () => void }[] = [];
  const log = (level: string) => (_fields: object, message: string) => {
    lines.push({ level, message });
    for (const waiter of waiting.filter((candidate) => candidate.message === message)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  return {
    lines,
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    /** Resolves at the next line with this message. */
    next: (message: string) =>
      new Promise<void>((resolve) => {
        waiting.push({ message, resolve });
      }),
  };
}

/**
 * A TCP proxy in front of Redis that a test stops and starts again, as Redis restarts; it can
 * hold back the first connection it takes, as a loaded network would.
 */
async function redisProxy(url: string, { holdFirstMs = 0 } = {}) {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((client) => {
    const forward = () => {
      const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    };
    if (connections++ === 0 && holdFirstMs > 0) setTimeout(forward, holdFirstMs);
    else forward();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    async stop() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async start() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
  };
}

/** The next event a listener of `classroomId` gets. */
const nextEvent = (bus: ClassroomEvents, classroomId: string) =>
  new Promise<ClassroomEvent>((resolve) => {
    const stop = bus.subscribe(classroomId, (event) => {
      stop();
      resolve(event);
    });
  });

/** Every event a listener of `classroomId` gets from now on. */
function collect(bus: ClassroomEvents, classroomId: string) {
  const events: ClassroomEvent[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  bus.subscribe(classroomId, (event) => {
    events.push(event);
    for (const waiter of waiting.filter(({ count }) => events.length >= count)) waiter.resolve();
  });
  return {
    events,
    /** Resolves once `count` events came. */
    count: (count: number) =>
      new Promise<void>((resolve) => {
        waiting.push({ count, resolve });
      }),
  };
}

const SOLVE: ClassroomEvent = { type: 'solve', labId: randomUUID(), userId: randomUUID() };

describe.skipIf(skip)('classroom events through Redis', () => {
  // Each test on a channel of its own, so concurrent runs on one Redis never see each other.
  let channel: string;
  const open: ClassroomEvents[] = [];

  async function bus(url = REDIS_URL, logger = recordingLogger()) {
    const events = await redisClassroomEvents(url, logger, { channel });
    open.push(events);
    return events;
  }

  afterEach(async () => {
    await Promise.all(open.splice(0).map((events) => events.close()));
  });

  it('carries an event to the listeners of its classroom on another process', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    const [one, two] = await Promise.all([bus(), bus()]);
    const classroomId = randomUUID();
    const onTwo = nextEvent(two, classroomId);
    const onOne = nextEvent(one, classroomId);
    one.publish(classroomId, SOLVE);
    expect(await onTwo).toEqual(SOLVE);
    expect(await onOne).toEqual(SOLVE);
  });

  it('gives each listener one copy, and only its classroom’s events', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    const [one, two] = await Promise.all([bus(), bus()]);
    const [watched, other] = [randomUUID(), randomUUID()];
    const [onOne, onTwo] = [collect(one, watched), collect(two, watched)];
    const elsewhere = [collect(one, other), collect(two, other)];
    // Redis delivers a channel's messages in the order it took them: each wait below lets the
    // echo of every earlier event arrive first, had it been delivered.
    one.publish(watched, { type: 'members' });
    await onTwo.count(1);
    two.publish(watched, { type: 'labs' });
    await onOne.count(2);
    one.publish(watched, SOLVE);
    await onTwo.count(3);
    const all = [{ type: 'members' }, { type: 'labs' }, SOLVE];
    expect(onOne.events).toEqual(all);
    expect(onTwo.events).toEqual(all);
    expect(elsewhere.flatMap(({ events }) => events)).toEqual([]);
  });

  it('shares what it publishes as soon as it has started, though its publisher was slower to connect', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    // The bus opens its publisher first: the proxy holds that connection back.
    const proxy = await redisProxy(REDIS_URL, { holdFirstMs: 500 });
    try {
      const [slow, other] = await Promise.all([bus(proxy.url), bus()]);
      const classroomId = randomUUID();
      const onOther = nextEvent(other, classroomId);
      slow.publish(classroomId, SOLVE);
      expect(await onOther).toEqual(SOLVE);
    } finally {
      await Promise.all(open.splice(0).map((events) => events.close()));
      await proxy.stop();
    }
  }, 10_000);

  it('stops giving events to a listener that unsubscribed', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    const [one, two] = await Promise.all([bus(), bus()]);
    const classroomId = randomUUID();
    const gone: ClassroomEvent[] = [];
    two.subscribe(classroomId, (event) => gone.push(event))();
    const still = nextEvent(two, classroomId);
    one.publish(classroomId, SOLVE);
    await still;
    expect(gone).toEqual([]);
  });

  it('ignores and logs a message that is not an event', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    const logger = recordingLogger();
    const [one, two] = await Promise.all([bus(), bus(REDIS_URL, logger)]);
    const raw = new Redis(REDIS_URL);
    try {
      const ignored = logger.next('classroom events: ignored a malformed message');
      await raw.publish(channel, '{"classroomId":"x","event":{"type":"explode"}}');
      await ignored;
      const classroomId = randomUUID();
      const next = nextEvent(two, classroomId);
      one.publish(classroomId, { type: 'labs' });
      expect(await next).toEqual({ type: 'labs' });
    } finally {
      await raw.quit();
    }
  });

  it('resubscribes after Redis restarts, and keeps local events live meanwhile', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    const proxy = await redisProxy(REDIS_URL);
    const logger = recordingLogger();
    const one = await bus();
    const two = await bus(proxy.url, logger);
    const classroomId = randomUUID();

    const down = logger.next('classroom events: Redis unavailable');
    await proxy.stop();
    await down;
    const local = nextEvent(two, classroomId);
    two.publish(classroomId, { type: 'members' });
    expect(await local).toEqual({ type: 'members' });

    const subscribed = logger.next('classroom events: subscribed');
    await proxy.start();
    await subscribed;
    const remote = nextEvent(two, classroomId);
    one.publish(classroomId, SOLVE);
    expect(await remote).toEqual(SOLVE);
    expect(logger.lines.map(({ level }) => level)).not.toContain('error');
    await proxy.stop();
  });

  it('starts and closes while Redis is away', async () => {
    channel = `hackclass:test:${randomUUID()}`;
    const proxy = await redisProxy(REDIS_URL);
    await proxy.stop();
    const logger = recordingLogger();
    const events = await redisClassroomEvents(proxy.url, logger, { channel });
    expect(logger.lines).toContainEqual({
      level: 'warn',
      message: 'classroom events: Redis unavailable',
    });
    await events.close();
  });
});
