import { z } from 'zod';
import { WEB_VITALS_PAGES } from './web-vitals-pages';

export { WEB_VITALS_PAGES, type WebVitalsPage } from './web-vitals-pages';

/** What a browser measures, as the browser gives it: milliseconds, and layout shift unitless. */
const measure = z.number().nonnegative();

/**
 * One page view's Core Web Vitals (largest contentful paint, interaction to next paint,
 * cumulative layout shift) and two of their causes (first contentful paint, time to first byte),
 * sent once as the page is hidden. A measure the browser did not take is left out.
 */
export const webVitalsReportSchema = z.strictObject({
  page: z.enum(WEB_VITALS_PAGES),
  lcp: measure.optional(),
  inp: measure.optional(),
  cls: measure.optional(),
  fcp: measure.optional(),
  ttfb: measure.optional(),
});
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;

/** Reports one client address may send a minute; a page view sends one. */
export const WEB_VITALS_REPORTS_PER_MINUTE = 120;

/** The largest report body taken, in bytes: a full report is about 150. */
export const WEB_VITALS_MAX_BODY_BYTES = 8_192;
