import { parseDocument } from 'htmlparser2';

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: unknown }>;

/** Code, in which HTML is what the text shows: fenced blocks and inline spans. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]+`)/;
/** A tag's name, where text has one. */
const TAG_NAME = /<\/?([a-z][a-z0-9]*)(?=[\s/>])/gi;

/**
 * HTML's elements a description may hold. Any other tag is a placeholder the author wrote to be
 * read (`<hash>`, `<HOST>`), kept as text.
 */
const HTML_ELEMENTS = new Set(
  (
    'a abbr article aside b blockquote br caption center code dd del details div dl dt em ' +
    'embed figcaption figure font footer h1 h2 h3 h4 h5 h6 head header hr i iframe img ins kbd ' +
    'li mark object ol p pre q s samp section small span strike strong style sub summary sup ' +
    'script table tbody td template tfoot th thead tr tt u ul'
  ).split(' '),
);

const holdsHtml = (text: string) =>
  [...text.matchAll(TAG_NAME)].some(([, name]) => HTML_ELEMENTS.has(name?.toLowerCase() ?? ''));

/** Elements whose content is never text a student should read. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'head']);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'blockquote',
  'table',
  'tr',
  'center',
  'details',
  'header',
  'footer',
  'figure',
]);

const isElement = (node: ChildNode): node is Element => node.type === 'tag';

function markdownOf(nodes: readonly ChildNode[], list?: { ordered: boolean }): string {
  let index = 0;
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.data;
      if (!isElement(node)) return '';
      const name = node.name.toLowerCase();
      if (DROPPED.has(name)) return '';
      if (!HTML_ELEMENTS.has(name)) return `\\<${node.name}>${markdownOf(node.children)}`;
      const inner = () => markdownOf(node.children);
      const text = () => inner().trim();
      switch (name) {
        case 'br':
          // A hard break that trailing spaces cannot be lost from.
          return '\\\n';
        case 'summary':
          return `\n\n**${text()}**\n\n`;
        case 'hr':
          return '\n\n---\n\n';
        case 'b':
        case 'strong':
          return text() ? `**${text()}**` : '';
        case 'i':
        case 'em':
          return text() ? `*${text()}*` : '';
        case 'code':
          return text() ? `\`${text()}\`` : '';
        case 'pre':
          return `\n\n\`\`\`\n${node.children.map(textOf).join('').replace(/\n+$/, '')}\n\`\`\`\n\n`;
        case 'a': {
          const href = node.attribs.href?.trim();
          return href ? `[${text() || href}](<${href}>)` : inner();
        }
        case 'img': {
          const src = node.attribs.src?.trim();
          return src ? `![${node.attribs.alt ?? ''}](<${src}>)` : '';
        }
        case 'ul':
        case 'ol':
          return `\n\n${markdownOf(node.children, { ordered: name === 'ol' }).trim()}\n\n`;
        case 'li':
          index += 1;
          return `${list?.ordered ? `${index}.` : '-'} ${text().replace(/\n+/g, ' ')}\n`;
        default: {
          const heading = /^h([1-6])$/.exec(name);
          if (heading) return `\n\n${'#'.repeat(Number(heading[1]))} ${text()}\n\n`;
          return BLOCKS.has(name) ? `\n\n${text()}\n\n` : inner();
        }
      }
    })
    .join('');
}

const textOf = (node: ChildNode): string =>
  node.type === 'text' ? node.data : isElement(node) ? node.children.map(textOf).join('') : '';

/**
 * A CTFd description, whose Markdown may hold HTML (CTFd renders it), as Markdown alone: the
 * formatting, links and images its tags give become Markdown's, scripts, styles and frames go,
 * and any other tag leaves its text. HTML inside code stays as the code shows it. Answers
 * undefined when there is no HTML to turn.
 */
export function markdownFromCtfdHtml(description: string): string | undefined {
  const parts = description.split(CODE);
  if (!parts.some((part, index) => index % 2 === 0 && holdsHtml(part))) return undefined;
  return parts
    .map((part, index) =>
      index % 2 === 1 ? part : markdownOf(parseDocument(part, { lowerCaseTags: false }).children),
    )
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
