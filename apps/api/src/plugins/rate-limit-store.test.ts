import { createLogger } from '@hackclass/logger';
import { describe, expect, it } from 'vitest';
import { type CountingStore, FallingBackStore, redisOutageLog } from './rate-limit-store';

/** A store counting in a map, failing while `down` is set: Redis as the tests need it. */
function mapStore(name: string, state: { down?: boolean; children: string[] }): CountingStore {
  const counts = new Map<string, number>();
  const answer =
    (step: number) =>
    (key: string, callback: Parameters<CountingStore['incr']>[1], timeWindow: number) => {
      if (state.down) return callback(new Error(`${name} is away`));
      counts.set(key, (counts.get(key) ?? 0) + step);
      callback(null, { current: counts.get(key) ?? 0, ttl: timeWindow });
    };
  return {
    incr: answer(1),
    read: answer(0),
    child: (routeOptions) => {
      state.children.push(`${name} ${JSON.stringify(routeOptions)}`);
      return mapStore(`${name} child`, state);
    },
  };
}

const counted = (store: CountingStore, method: 'incr' | 'read' = 'incr') =>
  new Promise<number>((resolve, reject) =>
    store[method](
      'user:1',
      (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
      60_000,
      10,
    ),
  );

describe('the rate-limit store that falls back to this process', () => {
  it('counts in Redis, in the process while Redis is away, and says so once per outage', async () => {
    const lines: string[] = [];
    const outage = redisOutageLog(createLogger('info', { write: (line) => lines.push(line) }));
    const redis = { down: false, children: [] };
    const own = { children: [] };
    const store = new FallingBackStore(mapStore('redis', redis), mapStore('own', own), outage);

    expect([await counted(store), await counted(store)]).toEqual([1, 2]);
    redis.down = true;
    expect([await counted(store), await counted(store), await counted(store, 'read')]).toEqual([
      1, 2, 2,
    ]);
    redis.down = false;
    expect(await counted(store)).toBe(3);
    redis.down = true;
    expect(await counted(store)).toBe(3);

    const messages = lines.map((line) => JSON.parse(line).msg as string);
    expect(messages).toEqual([
      expect.stringContaining('Redis cannot be reached'),
      expect.stringContaining('Redis answers again'),
      expect.stringContaining('Redis cannot be reached'),
    ]);
  });

  it('makes a child on both sides for each route', () => {
    const state = { children: [] as string[] };
    const outage = redisOutageLog(createLogger('silent'));
    new FallingBackStore(mapStore('redis', state), mapStore('own', state), outage).child({
      max: 10,
    });
    expect(state.children).toEqual(['redis {"max":10}', 'own {"max":10}']);
  });
});
