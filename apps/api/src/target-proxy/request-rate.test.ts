import { describe, expect, it } from 'vitest';
import { requestRate } from './request-rate';

describe('the proxy’s request rate', () => {
  it('lets a user send the limit in a minute from their first request, then says how long to wait', () => {
    let now = 1_000_000;
    const rate = requestRate(3, () => now);
    expect([rate.take('ann'), rate.take('ann'), rate.take('ann')]).toEqual([0, 0, 0]);
    now += 20_000;
    expect(rate.take('ann')).toBe(40);
    expect(rate.take('bob')).toBe(0);
    now += 40_000;
    expect(rate.take('ann')).toBe(0);
  });

  it('does not count refused requests', () => {
    let now = 0;
    const rate = requestRate(1, () => now);
    rate.take('ann');
    for (let index = 0; index < 5; index += 1) expect(rate.take('ann')).toBeGreaterThan(0);
    now += 60_000;
    expect(rate.take('ann')).toBe(0);
  });
});
