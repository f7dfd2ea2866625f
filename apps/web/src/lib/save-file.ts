/**
 * Has the browser download `href` under `fileName`, through a temporary link: the browser's own
 * download streams the answer to disk, so nothing is held in the page's memory.
 */
export function downloadFrom(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Offers a Blob made in the page as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  downloadFrom(href, fileName);
  // Give the browser a moment to start the save before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** CSV text as a UTF-8 file; the byte-order mark makes Excel read accented names right. */
export const saveCsv = (csv: string, fileName: string) =>
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
