import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './excerpt';

describe('plainExcerpt', () => {
  it('keeps the text of Markdown and drops its markup', () => {
    const markdown =
      '# Exam\n\n> **Bring** your _laptop_ and `nmap`.\n\n- See [the notes](https://x.test/n) ![map](m.png)';
    expect(plainExcerpt(markdown, 140)).toBe('Exam Bring your laptop and nmap. See the notes map');
  });

  it('cuts a long text at a word, with an ellipsis, within the length', () => {
    const excerpt = plainExcerpt('word '.repeat(100), 140);
    expect(excerpt.length).toBeLessThanOrEqual(140);
    expect(excerpt).toMatch(/word…$/);
  });

  it('cuts a text without spaces where the length says', () => {
    expect(plainExcerpt('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
