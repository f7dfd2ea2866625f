import type { TablerIcon } from '@tabler/icons-react';

/**
 * Inline text of the public pages: plain words, `code` in backticks and [links](/path).
 * Links to the app start with `/` and go through the router; `#id` links stay on the page.
 */
export type RichText = string;

/** A paragraph, a numbered list of steps, or a bulleted list. */
export type Block = RichText | { steps: RichText[] } | { list: RichText[] };

/** A card of the community and support pages: an icon, a title and what to know. */
export interface InfoCard {
  Icon: TablerIcon;
  title: string;
  body: Block[];
}
