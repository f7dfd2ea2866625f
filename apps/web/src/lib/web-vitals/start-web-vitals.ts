import { afterFirstPaint } from '@/lib/after-first-paint';
import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * Starts measuring once the page has painted, so that the measuring code (a chunk of its own)
 * never competes with the page's; web-vitals reads what the browser recorded before. `landing`
 * is the path the page was loaded at: its largest paint belongs to it, wherever the app has gone
 * since.
 */
export function startWebVitals(landing: string): void {
  const start = async () => {
    await afterFirstPaint();
    const [{ pageOf }, { reportWebVitals }] = await Promise.all([
      import('./page-of'),
      import('./report-web-vitals'),
    ]);
    reportWebVitals(pageOf(landing), () => `${getRuntimeConfig().apiBaseUrl}/web-vitals`);
  };
  void start().catch(() => undefined);
}
