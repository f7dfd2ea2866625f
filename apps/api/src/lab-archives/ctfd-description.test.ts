import { describe, expect, it } from 'vitest';
import { markdownFromCtfdHtml } from './ctfd-description';

describe('a CTFd description holding HTML', () => {
  it('is left alone without any', () => {
    expect(markdownFromCtfdHtml('Find the **flag** in `a < b`, as HC{<hash>}.')).toBeUndefined();
  });

  it('keeps placeholders that are no HTML as the text they are', () => {
    expect(markdownFromCtfdHtml('Send <hash> to <HOST>:9001<br>Good luck')).toBe(
      'Send \\<hash> to \\<HOST>:9001\\\nGood luck',
    );
  });

  it('shows what a details element holds, its summary first', () => {
    expect(
      markdownFromCtfdHtml('<details><summary>Hint</summary>Look <i>closer</i></details>'),
    ).toBe('**Hint**\n\nLook *closer*');
  });

  it('turns formatting, links, images, lists and breaks into Markdown', () => {
    const html = [
      '<p>Visit <a href="https://example.test/x">the <b>portal</b></a>.<br>Then log in.</p>',
      '<ul><li>one</li><li><i>two</i></li></ul>',
      '<ol><li>first</li><li>second</li></ol>',
      '<h2>Notes</h2><img src="/files/map.png" alt="map"><pre>nc host 1337\n</pre>',
    ].join('');
    expect(markdownFromCtfdHtml(html)).toBe(
      [
        'Visit [the **portal**](<https://example.test/x>).\\',
        'Then log in.',
        '',
        '- one',
        '- *two*',
        '',
        '1. first',
        '2. second',
        '',
        '## Notes',
        '',
        '![map](</files/map.png>)',
        '',
        '```',
        'nc host 1337',
        '```',
      ].join('\n'),
    );
  });

  it('drops scripts, styles and frames, and keeps the text of any other tag', () => {
    expect(
      markdownFromCtfdHtml(
        'Hi<script>alert(1)</script><style>p{}</style><iframe src="x"></iframe> <span class="c">there</span> &amp; bye',
      ),
    ).toBe('Hi there & bye');
  });

  it('keeps HTML that code shows as it is', () => {
    expect(
      markdownFromCtfdHtml(
        'Try `<script>alert(1)</script>`<br>and\n```\n<b>raw</b>\n```\n<b>bold</b>',
      ),
    ).toBe('Try `<script>alert(1)</script>`\\\nand\n```\n<b>raw</b>\n```\n**bold**');
  });
});
