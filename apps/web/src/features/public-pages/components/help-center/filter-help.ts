import { helpSections } from '../../content/help-center';
import type { HelpSection } from '../../content/help-center/types';
import { blocksText, plainText } from '../../content/rich-text';

/** Lower case, no accents, straight apostrophes, single spaces: what queries are matched on. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('en');

// Built once: every article's searchable text, its section and group titles included.
const haystacks = new Map(
  helpSections.flatMap((section) =>
    section.groups.flatMap((group) =>
      group.articles.map((article) => [
        article.id,
        normalise(
          [
            section.title,
            group.title ?? '',
            plainText(article.question),
            blocksText(article.answer),
            article.keywords ?? '',
          ].join(' '),
        ),
      ]),
    ),
  ),
);

/**
 * The sections, groups and articles whose text holds every word of `query`; empty sections and
 * groups are left out. A blank query keeps everything.
 */
export function filterHelp(query: string, sections: HelpSection[] = helpSections): HelpSection[] {
  const terms = normalise(query).split(' ').filter(Boolean);
  if (terms.length === 0) return sections;
  const matches = (id: string) => {
    const haystack = haystacks.get(id) ?? '';
    return terms.every((term) => haystack.includes(term));
  };
  return sections
    .map((section) => ({
      ...section,
      groups: section.groups
        .map((group) => ({ ...group, articles: group.articles.filter((a) => matches(a.id)) }))
        .filter((group) => group.articles.length > 0),
    }))
    .filter((section) => section.groups.length > 0);
}

/** The ids of every article in `sections`. */
export const articleIds = (sections: HelpSection[]) =>
  sections.flatMap((section) =>
    section.groups.flatMap((group) => group.articles.map((article) => article.id)),
  );
