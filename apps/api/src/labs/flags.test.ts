import { type FlagKind, flagPatternError } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { compiledFlagPattern, flagPatternCache } from './flag-patterns';
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
  ])('%j → %s', async (typed, expected) => {
    expect(await matchesFlag(flags, typed)).toBe(expected);
  });

  it('matches nothing when the lab has no flags', async () => {
    expect(await matchesFlag([], 'anything')).toBe(false);
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
  ])('matches %j whole: %s', async (typed, expected) => {
    expect(await matchesFlag(hex, typed)).toBe(expected);
  });

  it('ignores case where the flag says so', async () => {
    const loose = [pattern('flag\\{[a-f0-9]{8}\\}', false)];
    expect(await matchesFlag(loose, 'FLAG{0123ABCD}')).toBe(true);
  });

  it('anchors an alternation as a whole', async () => {
    expect(await matchesFlag([pattern('yes|no', true)], 'yesno')).toBe(false);
    expect(await matchesFlag([pattern('yes|no', true)], 'no')).toBe(true);
  });

  it('answers at once where a backtracking engine would take ages', async () => {
    const started = performance.now();
    expect(await matchesFlag([pattern('(a+)+$', true)], `${'a'.repeat(50_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('compiledFlagPattern', () => {
  it('compiles a pattern once for all the answers checked against it', async () => {
    const first = compiledFlagPattern('hc\\{[a-z]{8}\\}', false);
    expect(compiledFlagPattern('hc\\{[a-z]{8}\\}', false)).toBe(first);
    expect(compiledFlagPattern('hc\\{[a-z]{8}\\}', true)).not.toBe(first);
  });

  it('forgets the pattern used least recently past its capacity', async () => {
    const compiled = flagPatternCache(2);
    const [a, b] = [compiled('a', true), compiled('b', true)];
    compiled('a', true);
    compiled('c', true);
    expect(compiled('a', true)).toBe(a);
    expect(compiled('b', true)).not.toBe(b);
  });
});

describe('matchesFlag with a pattern stored before the cost limits', () => {
  it.each([
    ['(?:\\p{L}|\\p{N}){1000}7', `${'é1'.repeat(500)}7`],
    ['(?:\\p{L}{1000})8', `${'Ab'.repeat(500)}8`],
  ])('still accepts what %s matches', async (value, answer) => {
    expect(flagPatternError(value)).toBeDefined();
    const flags = [pattern(value, false)];
    expect(await matchesFlag(flags, answer)).toBe(true);
    expect(await matchesFlag(flags, `${answer}!`)).toBe(false);
  });
});
