import type { Block, RichText } from './types';

/** One piece of rich text: words, inline code or a link. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

const token = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits rich text into words, code and links. */
export function parseRichText(text: RichText): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(token)) {
    const [whole, code, label, href] = match;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    if (code !== undefined) parts.push({ kind: 'code', text: code });
    else if (label !== undefined && href !== undefined)
      parts.push({ kind: 'link', text: label, href });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** What a reader sees of rich text, without its markup: the words the search looks in. */
export const plainText = (text: RichText) =>
  parseRichText(text)
    .map((part) => part.text)
    .join('');

/** Every line of a list of blocks, as plain text. */
export const blocksText = (blocks: Block[]) =>
  blocks
    .flatMap((block) =>
      typeof block === 'string' ? [block] : 'steps' in block ? block.steps : block.list,
    )
    .map(plainText)
    .join(' ');
