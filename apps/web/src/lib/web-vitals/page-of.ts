import { WEB_VITALS_PAGES, type WebVitalsPage } from '@hackclass/contracts/web-vitals-pages';
import { matchRoutes } from 'react-router';

const routes = WEB_VITALS_PAGES.filter((page) => page !== 'other').map((path) => ({ path }));

/**
 * The route pattern of the page at `pathname` (`/classrooms/:classroomId`), ranked as the router
 * ranks them (`/hacking-labs/create` before `/hacking-labs/:slug`); `other` when none matches.
 */
export function pageOf(pathname: string): WebVitalsPage {
  const [match] = matchRoutes(routes, pathname) ?? [];
  return (match?.route.path as WebVitalsPage | undefined) ?? 'other';
}
