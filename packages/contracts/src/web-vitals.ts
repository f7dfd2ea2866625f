import { z } from 'zod';

/**
 * The web app's pages, as its router's patterns (apps/web/src/config/paths.ts), and `other` for
 * any path none of them matches. A report names its page by pattern, never by its path: ids and
 * tokens stay out of the metrics, and their labels stay few.
 */
export const WEB_VITALS_PAGES = [
  '/',
  '/login',
  '/signup',
  '/logout',
  '/auth/password-forgot',
  '/auth/reset-password',
  '/auth/email-verified',
  '/auth/verify-email/:email',
  '/auth/user-actions',
  '/auth/provider',
  '/invitations/:token',
  '/dashboard',
  '/analytics',
  '/classrooms',
  '/classrooms/:classroomId',
  '/classrooms/:classroomId/members',
  '/classrooms/:classroomId/settings',
  '/classrooms/:classroomId/targets',
  '/classrooms/:classroomId/gradebook',
  '/classrooms/:classroomId/hacking-labs',
  '/terminal',
  '/terminals/:targetId/watch',
  '/hacking-labs',
  '/hacking-labs/create',
  '/hacking-labs/import',
  '/hacking-labs/:slug',
  '/hacking-labs/:slug/edit',
  '/hacking-labs/:slug/add-to-classroom',
  '/profile',
  '/profile/profile',
  '/profile/security',
  '/profile/notifications',
  '/admin/users',
  '/admin/targets',
  '/admin/mail',
  '/admin/sign-in-providers',
  '/community',
  '/help-center',
  '/support',
  'other',
] as const;
export type WebVitalsPage = (typeof WEB_VITALS_PAGES)[number];

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
