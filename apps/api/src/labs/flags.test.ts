import type { FlagKind } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { matchesFlag } from './flags';

const exact = (value: string, caseSensitive: boolean) => ({
  value,
  kind: 'exact' as FlagKind,
  caseSensitive,
});
const pattern = (value: string, caseSensitive: boolean) => ({
  value,
  kind: 'regex' as FlagKind,
  caseSensitive,
});

describe('matchesFlag', () => {
  const flags = [exact('flag{Exact}', true), exact('FLAG{loose}', false)];

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

describe('matchesFlag with a pattern', () => {
  const hex = [pattern('flag\\{[a-f0-9]{8}\\}', true)];

  it.each([
    ['flag{0123abcd}', true],
    [' flag{0123abcd}\n', true],
    ['flag{0123ABCD}', false],
    ['flag{0123abc}', false],
    ['xflag{0123abcd}', false],
    ['flag{0123abcd}x', false],
  ])('matches %j whole: %s', (typed, expected) => {
    expect(matchesFlag(hex, typed)).toBe(expected);
  });

  it('ignores case where the flag says so', () => {
    const loose = [pattern('flag\\{[a-f0-9]{8}\\}', false)];
    expect(matchesFlag(loose, 'FLAG{0123ABCD}')).toBe(true);
  });

  it('anchors an alternation as a whole', () => {
    expect(matchesFlag([pattern('yes|no', true)], 'yesno')).toBe(false);
    expect(matchesFlag([pattern('yes|no', true)], 'no')).toBe(true);
  });

  it('answers at once where a backtracking engine would take ages', () => {
    const started = performance.now();
    expect(matchesFlag([pattern('(a+)+$', true)], `${'a'.repeat(50_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
