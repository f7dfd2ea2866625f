/**
 * Resolves once no press is under way on the prerendered page in `root`: its own script marks a
 * press with `data-pressed` (prerender-pages.ts) until the click it makes is done. Taken over
 * between the press and the release, the page would take the press down on one button and up on
 * another, which then clicks neither.
 */
export const pressEnded = (root: Element): Promise<void> =>
  new Promise((resolve) => {
    if (!root.hasAttribute('data-pressed')) return resolve();
    const observer = new MutationObserver(() => {
      if (root.hasAttribute('data-pressed')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-pressed'] });
  });
