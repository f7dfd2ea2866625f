/**
 * Signed-in pages the server renders for their user (apps/server/src/signed-in-pages.ts): the
 * build writes each page's frame with these placeholders, for the page's markup and for its
 * data, which the app shows the same page from once it starts.
 */
export const SERVER_RENDERED_MARKUP = '<!--hackclass:page-->';
export const SERVER_RENDERED_DATA = '<!--hackclass:page-data-->';

/** The id of the page's `<script type="application/json">` that holds the page's data. */
export const PAGE_DATA_ID = 'page-data';
