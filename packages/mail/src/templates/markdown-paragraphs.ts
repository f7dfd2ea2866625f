/** What stands in a mail where an announcement gave an address of another site. */
export const FOREIGN_ADDRESS = '(link on the classroom page)';

/**
 * A Markdown text as paragraphs of plain lines, for a mail: nothing of it becomes markup, so an
 * announcement cannot bring images, scripts or disguised links into a mail we send. Links keep
 * their text, with the address written out beside it only when it is a page of ours (`origin`,
 * PUBLIC_URL); images keep their description; heading, quote and fence markers go; list items
 * keep a bullet.
 */
export function markdownParagraphs(markdown: string, origin: string): string[][] {
  const ours = new URL(origin).origin;
  return markdown
    .replaceAll('\r\n', '\n')
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s{0,3}(```|~~~)/.test(line))
        .map((line) => plainLine(line, ours))
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
}

function plainLine(line: string, origin: string): string {
  return withoutForeignAddresses(
    line
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?[^)]*\)/g, (_match, text: string, href: string) => {
        const address = ownAddress(href, origin);
        if (address === undefined) return text;
        return text === href ? address : `${text} (${address})`;
      })
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?)+/, '')
      .replace(/^(\s*)([-*+]|\d+[.)])\s+/, '$1• ')
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/`([^`]+)`/g, '$1'),
    origin,
  ).trim();
}

/** `href`, made absolute, when it leads to a web page of `origin`; else undefined. */
function ownAddress(href: string, origin: string): string | undefined {
  if (!URL.canParse(href, origin)) return undefined;
  const url = new URL(href, origin);
  return url.origin === origin ? url.href : undefined;
}

/**
 * Mail clients make links of addresses in plain text too, so the text's own addresses of other
 * sites (a scheme's `://`, or `www.`) give way to a note; the sentence keeps its punctuation.
 */
function withoutForeignAddresses(text: string, origin: string): string {
  return text.replace(
    /(?:\b[a-z][a-z0-9+.-]*:\/\/|(?<![\p{L}\p{N}])www\.)[^\s<>"]*/giu,
    (found: string) => {
      const [, address = found, after = ''] = /^(.*?)([.,;:!?)\]'"]*)$/su.exec(found) ?? [];
      const absolute = /^www\./i.test(address) ? `//${address}` : address;
      return ownAddress(absolute, origin) === undefined ? `${FOREIGN_ADDRESS}${after}` : found;
    },
  );
}
