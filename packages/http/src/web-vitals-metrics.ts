import { Histogram, type Registry } from 'prom-client';
import { METRICS_PREFIX } from './metrics-prefix';

/** The web app's page views as browsers measured them, by page (the route pattern). */
export interface WebVitalsMetrics {
  lcp: Histogram<'page'>;
  inp: Histogram<'page'>;
  cls: Histogram<'page'>;
  fcp: Histogram<'page'>;
  ttfb: Histogram<'page'>;
}

/**
 * Buckets fine around each measure's "good" and "poor" thresholds (web.dev/articles/vitals):
 * LCP 2.5 s and 4 s, INP 200 ms and 500 ms, CLS 0.1 and 0.25, FCP 1.8 s and 3 s, TTFB 0.8 s and
 * 1.8 s, so the share of good page views and a p75 read well from them.
 */
export function createWebVitalsMetrics(registers: Registry[]): WebVitalsMetrics {
  const histogram = (name: string, help: string, buckets: number[]) =>
    new Histogram({
      name: `${METRICS_PREFIX}web_vitals_${name}`,
      help,
      labelNames: ['page'],
      buckets,
      registers,
    });
  return {
    lcp: histogram(
      'lcp_seconds',
      'Largest contentful paint of page views, by page (route pattern)',
      [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20],
    ),
    inp: histogram(
      'inp_seconds',
      'Interaction to next paint of page views, by page (route pattern)',
      [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
    ),
    cls: histogram(
      'cls',
      'Cumulative layout shift of page views (unitless), by page (route pattern)',
      [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2],
    ),
    fcp: histogram(
      'fcp_seconds',
      'First contentful paint of page views, by page (route pattern)',
      [0.25, 0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10, 20],
    ),
    ttfb: histogram(
      'ttfb_seconds',
      'Time to first byte of page views, by page (route pattern)',
      [0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 5, 10],
    ),
  };
}
