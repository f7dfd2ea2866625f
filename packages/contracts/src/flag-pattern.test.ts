import { describe, expect, it } from 'vitest';
import { compileFlagPattern, flagPatternError, matchesWhole } from './flag-pattern';
import { archivedLabSchema } from './lab-archives';
import { labFlagsFieldSchema } from './labs';
import { patternShape } from './pattern-shape';

describe('flagPatternError', () => {
  it.each([
    '^HC\\{[a-z0-9_]{8,32}\\}$',
    'flag\\{[a-f0-9]{8}\\}',
    '(?i)hc\\{(?:[a-z0-9]{4}-){3}[a-z0-9]{4}\\}',
    'HC\\{[^}]{1,100}\\}',
    '\\p{L}{100}',
    // Plain text of about the longest a flag may be.
    'a'.repeat(495),
  ])('accepts %s', (pattern) => {
    expect(flagPatternError(pattern)).toBeUndefined();
  });

  it.each([
    ['(?:\\p{L}|\\p{N}){1000}7', '{1000}'],
    ['(?:\\p{L}{1000})8', '{1000}'],
    ['[a-z]{8,101}', '{8,101}'],
    ['x{101,}', '{101,}'],
  ])('refuses %s for repeating more than 100 times', (pattern, count) => {
    expect(flagPatternError(pattern)).toBe(
      `${count} repeats more than 100 times, the most a pattern may`,
    );
  });

  it.each([
    // Each count within the limit, but nested to 700 and 1 000 copies.
    '(?:\\p{L}{100}){7}',
    '(?:(?:\\p{L}|\\p{N}){100}){10}',
    // Compiling this one alone would take most of a second.
    `(?:(?:${Array.from({ length: 60 }, (_, index) => `\\pL${String.fromCharCode(97 + (index % 26))}`).join('|')}){100}){10}`,
  ])('refuses %s as too costly to check', (pattern) => {
    expect(flagPatternError(pattern)).toBe(
      'too complex to check quickly: use fewer or smaller repeat counts',
    );
  });

  it('still names what RE2 refuses', () => {
    expect(flagPatternError('(flag')).toBe('missing closing )');
  });
});

describe('labFlagsFieldSchema', () => {
  const field = (flags: object[]) => labFlagsFieldSchema.safeParse(JSON.stringify(flags));
  const regex = (value: string) => ({ value, kind: 'regex' });

  it('names the flag whose pattern costs too much', () => {
    const parsed = field([{ value: 'flag{ok}' }, regex('(?:\\p{L}|\\p{N}){1000}7')]);
    expect(parsed.error?.issues.map(({ message }) => message)).toEqual([
      'flags[1]: not a valid pattern: {1000} repeats more than 100 times, the most a pattern may',
    ]);
  });

  it('takes at most 5 patterns among the flags', () => {
    const patterns = Array.from({ length: 5 }, (_, index) => regex(`HC\\{${index}[a-z]+\\}`));
    expect(field([...patterns, { value: 'HC{exact}' }]).success).toBe(true);
    expect(field([...patterns, regex('HC\\{5\\}')]).error?.issues[0]?.message).toBe(
      'At most 5 flags may be patterns: join alternatives into one with |',
    );
  });
});

describe('archivedLabSchema', () => {
  const lab = (flags: object[]) =>
    archivedLabSchema.safeParse({
      name: 'Imported',
      description: '',
      difficulty: 'Easy',
      category: 'Web',
      points: 100,
      flags,
    });

  it('refuses on import what a lab form refuses', () => {
    expect(lab([{ value: '(?:\\p{L}{1000})8', kind: 'regex' }]).success).toBe(false);
    const patterns = Array.from({ length: 6 }, (_, index) => ({
      value: `x${index}+`,
      kind: 'regex',
    }));
    expect(lab(patterns.slice(0, 5)).success).toBe(true);
    expect(lab(patterns).error?.issues.map(({ message }) => message)).toEqual([
      'At most 5 flags may be patterns: join alternatives into one with |',
    ]);
  });
});

describe('patternShape', () => {
  it.each([
    ['a{1000}', 1000],
    ['a{2,300}', 300],
    ['a{300,}', 300],
    ['a(?i){300}', 300],
    ['\\pL{300}', 300],
    ['\\p{Greek}{300}', 300],
    ['\\x{41}{300}', 300],
    ['[[:alpha:]]{300}', 300],
    ['[]{}]{300}', 300],
    ['\\Qab\\E{300}', 300],
  ])('reads the count of %s', (pattern, count) => {
    expect(patternShape(pattern).largestRepeat?.count).toBe(count);
  });

  it.each([
    '\\{1000}',
    '[{1000}]',
    '[^]{1000}]',
    '[\\]{1000}]',
    '[\\p{L}{1000}]',
    '\\Qx{1000}\\E',
    'a{01000}',
    'a{,1000}',
    'a{1000',
  ])('sees no count in %s', (pattern) => {
    expect(patternShape(pattern).largestRepeat).toBeUndefined();
  });

  it.each([
    '^HC\\{[a-z0-9_]{8,32}\\}$',
    '(?:\\p{L}|\\p{N}){100}7',
    '(?:(?:a|bc)?){50}(x+|y*)z{3,}',
    '(?P<word>[a-z]+)-\\Qa.b\\E{20}',
  ])('estimates about the size RE2 compiles %s to', (pattern) => {
    const size = compileFlagPattern(pattern, true).programSize();
    const { estimatedSize } = patternShape(pattern);
    expect(estimatedSize).toBeGreaterThan(size * 0.6);
    expect(estimatedSize).toBeLessThan(size * 1.5);
  });
});

describe('matchesWhole', () => {
  it('matches the whole answer, ignoring case where compiled so', () => {
    const pattern = compileFlagPattern('hc\\{[a-z]+\\}', false);
    expect(matchesWhole(pattern, 'HC{Yes}')).toBe(true);
    expect(matchesWhole(pattern, 'HC{Yes}!')).toBe(false);
    expect(matchesWhole(pattern, 'xHC{Yes}')).toBe(false);
  });
});
