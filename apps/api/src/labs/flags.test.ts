import { describe, expect, it } from 'vitest';
import { matchesFlag } from './flags';

const flags = [
  { value: 'flag{Exact}', caseSensitive: true },
  { value: 'FLAG{loose}', caseSensitive: false },
];

describe('matchesFlag', () => {
  it.each([
    ['flag{Exact}', true],
    ['  flag{Exact}\n', true],
    ['flag{exact}', false],
    ['flag{LOOSE}', true],
    ['Flag{Loose} ', true],
    ['flag{loose}x', false],
    ['', false],
  ])('%j → %s', (typed, expected) => {
    expect(matchesFlag(flags, typed)).toBe(expected);
  });

  it('matches nothing when the lab has no flags', () => {
    expect(matchesFlag([], 'anything')).toBe(false);
  });
});
