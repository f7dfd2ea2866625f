import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * Starts measuring once the page has loaded, so that the measuring code (a chunk of its own)
 * never competes with the page's. `landing` is the path the page was loaded at: its largest
 * paint belongs to it, wherever the app has gone since.
 */
export function startWebVitals(landing: string): void {
  const start = async () => {
    const [{ pageOf }, { reportWebVitals }] = await Promise.all([
      import('./page-of'),
      import('./report-web-vitals'),
    ]);
    reportWebVitals(pageOf(landing), () => `${getRuntimeConfig().apiBaseUrl}/web-vitals`);
  };
  const startQuietly = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') startQuietly();
  else addEventListener('load', startQuietly, { once: true });
}
