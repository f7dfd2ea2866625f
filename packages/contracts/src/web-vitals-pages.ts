/**
 * The web app's pages, as its router's patterns (apps/web/src/config/paths.ts), and `other` for
 * any path none of them matches. A report names its page by pattern, never by its path: ids and
 * tokens stay out of the metrics, and their labels stay few. A module without zod, which the web
 * app's measuring code imports alone (`@hackclass/contracts/web-vitals-pages`): zod loads only
 * with the pages that need it.
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
  '/profile/api-tokens',
  '/admin/users',
  '/admin/targets',
  '/admin/mail',
  '/admin/api-tokens',
  '/admin/sign-in-providers',
  '/community',
  '/help-center',
  '/support',
  'other',
] as const;
export type WebVitalsPage = (typeof WEB_VITALS_PAGES)[number];
