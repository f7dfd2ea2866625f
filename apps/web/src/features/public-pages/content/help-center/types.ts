import type { TablerIcon } from '@tabler/icons-react';
import type { Block } from '../types';

/** One question of the help centre and its answer. `id` is unique across the help centre. */
export interface HelpArticle {
  id: string;
  question: string;
  answer: Block[];
  /** Words people search with that the text does not use, e.g. "backup" for "back up". */
  keywords?: string;
}

/** Articles for one audience within a section, e.g. "For teachers". */
export interface HelpGroup {
  title?: string;
  articles: HelpArticle[];
}

/** A section of the help centre; `id` is its anchor, /help-center#id. */
export interface HelpSection {
  id: string;
  title: string;
  description: string;
  Icon: TablerIcon;
  groups: HelpGroup[];
}
