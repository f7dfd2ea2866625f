/**
 * A Markdown text as paragraphs of plain lines, for a mail: nothing of it becomes markup, so an
 * announcement cannot bring images, scripts or disguised links into a mail we send. Links keep
 * their text with the address written out beside it; images keep their description; heading,
 * quote and fence markers go; list items keep a bullet.
 */
export function markdownParagraphs(markdown: string): string[][] {
  return markdown
    .replaceAll('\r\n', '\n')
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s{0,3}(```|~~~)/.test(line))
        .map(plainLine)
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
}

function plainLine(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?[^)]*\)/g, (_match, text: string, href: string) =>
      text === href ? href : `${text} (${href})`,
    )
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?)+/, '')
    .replace(/^(\s*)([-*+]|\d+[.)])\s+/, '$1• ')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .trim();
}
