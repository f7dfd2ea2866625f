/** How far from each end of an image its web page markup is looked for. */
const SCANNED_BYTES = 4096;

/** What starts an HTML or SVG document, or a script, in any case. */
const MARKUP = /<(?:html|script|svg|!doctype)/i;

/**
 * Whether the image's first or last bytes hold HTML, SVG or script: a polyglot that a browser
 * sniffing the type could render as a page. Only the ends are read, where such files put it (a
 * text chunk before the pixels, or bytes after their end): compressed pixels would, across
 * megabytes, match these few letters by chance.
 */
export function hasMarkup(bytes: Uint8Array): boolean {
  const ends =
    bytes.length <= 2 * SCANNED_BYTES
      ? [bytes]
      : [bytes.subarray(0, SCANNED_BYTES), bytes.subarray(bytes.length - SCANNED_BYTES)];
  return ends.some((end) => MARKUP.test(Buffer.from(end).toString('latin1')));
}
