import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { isReachable } from '../../test/support/reachable';
import { localStreamSlots, redisStreamSlots, type StreamSlots } from './stream-slots';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await isReachable(REDIS_URL, 6379);

const quiet = { warn: () => undefined, info: () => undefined };
const opened: StreamSlots[] = [];
type Log = Parameters<typeof redisStreamSlots>[1]['log'];
/** A replica's slots under `prefix`, closed after the test. */
async function replica(
  prefix: string,
  { url = REDIS_URL, log = quiet as Log, leaseMs = 60_000 } = {},
) {
  const slots = await redisStreamSlots(url, { log, prefix, leaseMs });
  opened.push(slots);
  return slots;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((slots) => slots.close()));
});

describe('stream slots in one process', () => {
  it('holds a key to its maximum, and frees a slot given back once', async () => {
    const slots = localStreamSlots();
    const first = await slots.take('user:a', 2);
    expect(await slots.take('user:a', 2)).toBeDefined();
    expect(await slots.take('user:a', 2)).toBeUndefined();
    expect(await slots.take('user:b', 2)).toBeDefined();
    first?.();
    first?.();
    expect(await slots.take('user:a', 2)).toBeDefined();
    expect(await slots.take('user:a', 2)).toBeUndefined();
  });
});

describe.skipIf(!redisAnswers)('stream slots shared through Redis', () => {
  it('counts the slots of every replica together', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [one, two] = await Promise.all([replica(prefix), replica(prefix)]);
    const taken = await Promise.all([
      one.take('user:a', 3),
      two.take('user:a', 3),
      one.take('user:a', 3),
      two.take('user:a', 3),
      one.take('user:a', 3),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await two.take('user:a', 3)).toBeUndefined();
    taken.find(Boolean)?.();
    expect(await two.take('user:a', 3)).toBeDefined();
  });

  it('lets the slots of a replica that stopped renewing them lapse, and keeps those renewed', async () => {
    const prefix = `test:${randomUUID()}:`;
    const dying = await redisStreamSlots(REDIS_URL, { log: quiet, prefix, leaseMs: 600 });
    const living = await replica(prefix, { leaseMs: 600 });
    expect(await dying.take('user:a', 2)).toBeDefined();
    expect(await living.take('user:a', 2)).toBeDefined();
    // Gone without giving its slot back.
    await dying.close();
    expect(await living.take('user:a', 2)).toBeUndefined();
    await setTimeout(1_000);
    expect(await living.take('user:a', 2)).toBeDefined();
    expect(await living.take('user:a', 2)).toBeUndefined();
  });
});

describe('stream slots while Redis does not answer', () => {
  it('counts in this process alone, saying so once', async () => {
    const warnings: string[] = [];
    const log = {
      warn: (_fields: object, message: string) => void warnings.push(message),
      info: () => undefined,
    };
    const slots = await replica(`test:${randomUUID()}:`, { url: 'redis://127.0.0.1:1', log });
    expect(await slots.take('user:a', 2)).toBeDefined();
    expect(await slots.take('user:a', 2)).toBeDefined();
    expect(await slots.take('user:a', 2)).toBeUndefined();
    expect(warnings).toEqual([
      'event streams: Redis cannot be reached, so this process counts its own streams alone until it answers again',
    ]);
  });
});
