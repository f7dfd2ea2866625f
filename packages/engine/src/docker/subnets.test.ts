import { describe, expect, it } from 'vitest';
import { assertSubnetPool, freeSubnets } from './subnets';

describe('target subnets', () => {
  it('cuts a pool in /28 blocks', () => {
    expect(freeSubnets('10.213.0.0/26', []).sort()).toEqual([
      '10.213.0.0/28',
      '10.213.0.16/28',
      '10.213.0.32/28',
      '10.213.0.48/28',
    ]);
  });

  it('leaves out blocks overlapping the engine’s networks, wider or narrower', () => {
    expect(freeSubnets('10.213.0.0/26', ['10.213.0.16/28', '10.213.0.40/29']).sort()).toEqual([
      '10.213.0.0/28',
      '10.213.0.48/28',
    ]);
    expect(freeSubnets('10.213.0.0/26', ['10.0.0.0/8'])).toEqual([]);
    expect(freeSubnets('10.213.0.0/26', ['fd00::/64', '172.17.0.0/16'])).toHaveLength(4);
  });

  it('refuses a pool that is not an IPv4 CIDR of /28 or wider', () => {
    expect(() => assertSubnetPool('10.213.0.0/16')).not.toThrow();
    for (const pool of ['10.213.0.0/29', '10.213.0.0', '300.1.1.1/16', 'fd00::/64']) {
      expect(() => assertSubnetPool(pool), pool).toThrow(TypeError);
    }
  });
});
