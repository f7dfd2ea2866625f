import type { WebVitalsReport } from '@hackclass/contracts';
import type { WebVitalsMetrics } from '@hackclass/http';

/** Past these, a measure says only "very bad": clamped, one report cannot swamp a histogram's sum. */
const MAX_MILLISECONDS = 60_000;
const MAX_LAYOUT_SHIFT = 10;

const seconds = (milliseconds: number) => Math.min(milliseconds, MAX_MILLISECONDS) / 1000;

/** One page view's measures into the histograms of its page; absent measures are left out. */
export function recordWebVitals(metrics: WebVitalsMetrics, report: WebVitalsReport): void {
  const labels = { page: report.page };
  if (report.lcp !== undefined) metrics.lcp.observe(labels, seconds(report.lcp));
  if (report.inp !== undefined) metrics.inp.observe(labels, seconds(report.inp));
  if (report.fcp !== undefined) metrics.fcp.observe(labels, seconds(report.fcp));
  if (report.ttfb !== undefined) metrics.ttfb.observe(labels, seconds(report.ttfb));
  if (report.cls !== undefined) {
    metrics.cls.observe(labels, Math.min(report.cls, MAX_LAYOUT_SHIFT));
  }
}
