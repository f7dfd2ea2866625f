/** Resolves once the page has painted its first content (at once if it has already). */
const firstPaint = () =>
  new Promise<void>((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint' });
  });

/** Resolves when the browser is idle, or after a second where it cannot tell. */
const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 1_000);
  });

/**
 * Resolves once the page has painted its first content and the browser is idle: for code the
 * first page does not need, which would otherwise take the network and the main thread from it.
 */
export async function afterFirstPaint(): Promise<void> {
  await firstPaint();
  await idle();
}
