import { describe, expect, it } from 'vitest';
import { FOREIGN_ADDRESS, markdownParagraphs as paragraphsOf } from './markdown-paragraphs';

const ours = 'https://hackclass.school.example';
const markdownParagraphs = (markdown: string) => paragraphsOf(markdown, ours);

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

  it('writes our own link addresses out and keeps only the description of an image', () => {
    expect(
      markdownParagraphs(
        `See [the rules](${ours}/rules), [lab 2](/labs/2) and <${ours}/help>\n![diagram](${ours}/x.png)`,
      ),
    ).toEqual([
      [`See the rules (${ours}/rules), lab 2 (${ours}/labs/2) and ${ours}/help`, 'diagram'],
    ]);
  });

  it('keeps only the text of links elsewhere, and no address of another site', () => {
    expect(
      markdownParagraphs(
        [
          'Please log in at [HackClass](https://evil.example/login)',
          `[${ours}/login](https://evil.example/login) or [here](//evil.example) or [x](mailto:ada@evil.example)`,
          `<https://evil.example/a>, https://evil.example/b. And www.evil.example/c or ${ours}.evil.example`,
          `Fine: ${ours}/labs/2, and https://hackclass.school.example@evil.example/ is not.`,
        ].join('\n'),
      ),
    ).toEqual([
      [
        'Please log in at HackClass',
        `${ours}/login or here or x`,
        `${FOREIGN_ADDRESS}, ${FOREIGN_ADDRESS}. And ${FOREIGN_ADDRESS} or ${FOREIGN_ADDRESS}`,
        `Fine: ${ours}/labs/2, and ${FOREIGN_ADDRESS} is not.`,
      ],
    ]);
  });

  it('keeps HTML as the text it is', () => {
    expect(markdownParagraphs('<img src=x onerror=alert(1)>')).toEqual([
      ['<img src=x onerror=alert(1)>'],
    ]);
  });
});
