import { describe, expect, it } from 'vitest';
import { nextFreeSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['SQL Injection 101', 'sql-injection-101'],
    ['  --Hello,   World!!--  ', 'hello-world'],
    ['Café crème', 'cafe-creme'],
    ['../../etc/passwd', 'etc-passwd'],
    ['日本語', 'lab'],
    ['', 'lab'],
    ['!!!', 'lab'],
    ['a'.repeat(80), 'a'.repeat(60)],
    [`${'a'.repeat(59)} b`, 'a'.repeat(59)],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always gives what the database accepts', () => {
    for (const name of ['x y', '-a-', 'ÅÄÖ', 'tab\tand\nnewline', 'Ünïcödé 42']) {
      expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('nextFreeSlug', () => {
  it.each([
    [[], 'web'],
    [['web'], 'web-2'],
    [['web', 'web-2'], 'web-3'],
    [['web', 'web-7', 'web-3'], 'web-8'],
    [['web', 'web-app'], 'web-2'],
    [['web-2'], 'web'],
  ])('taken %j → %j', (taken, expected) => {
    expect(nextFreeSlug('web', taken)).toBe(expected);
  });
});
