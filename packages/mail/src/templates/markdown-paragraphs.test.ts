import { describe, expect, it } from 'vitest';
import { markdownParagraphs } from './markdown-paragraphs';

describe('markdownParagraphs', () => {
  it('splits at blank lines and keeps the lines of a paragraph', () => {
    expect(markdownParagraphs('First line\nsecond line\n\n\nNext paragraph\r\n\r\nLast')).toEqual([
      ['First line', 'second line'],
      ['Next paragraph'],
      ['Last'],
    ]);
  });

  it('drops markup characters but keeps what the text says', () => {
    expect(
      markdownParagraphs(
        '## Lab 3 is **open**\n> read `flag_format` first\n- one\n2. two\n```sh\nnc host 1337\n```',
      ),
    ).toEqual([['Lab 3 is open', 'read flag_format first', '• one', '• two', 'nc host 1337']]);
  });

  it('writes link addresses out and keeps only the description of an image', () => {
    expect(
      markdownParagraphs(
        'See [the rules](https://school.example/rules) and <https://a.example>\n![diagram](https://img.example/x.png)',
      ),
    ).toEqual([['See the rules (https://school.example/rules) and https://a.example', 'diagram']]);
  });

  it('keeps HTML as the text it is', () => {
    expect(markdownParagraphs('<img src=x onerror=alert(1)>')).toEqual([
      ['<img src=x onerror=alert(1)>'],
    ]);
  });
});
