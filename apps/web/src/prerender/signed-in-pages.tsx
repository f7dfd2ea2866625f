import type { Me, RuntimeConfig } from '@hackclass/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { matchPath, Route, Routes, StaticRouter } from 'react-router';
import { DashboardLayout } from '@/app/layouts/dashboard-layout';
import { ClassroomRoute } from '@/app/routes/app/classrooms/classroom';
import { ClassroomOverviewRoute } from '@/app/routes/app/classrooms/overview';
import { DashboardRoute } from '@/app/routes/app/dashboard';
import { paths } from '@/config/paths';
import {
  announcementsPath,
  getAnnouncementsQueryOptions,
} from '@/features/announcements/api/get-announcements';
import { getMeQueryOptions, mePath } from '@/features/auth/api/get-me';
import { SessionContext } from '@/features/auth/hooks/session-context';
import { classroomPath, getClassroomQueryOptions } from '@/features/classrooms/api/get-classroom';
import {
  classroomsPath,
  getClassroomsQueryOptions,
} from '@/features/classrooms/api/get-classrooms';
import {
  firstLeaderboardPage,
  getLeaderboardQueryOptions,
  leaderboardPath,
} from '@/features/classrooms/api/get-leaderboard';
import { activityPath, getActivityQueryOptions } from '@/features/dashboard/api/get-activity';
import {
  getNotificationsQueryOptions,
  notificationsPath,
} from '@/features/notifications/api/get-notifications';
import { setRuntimeConfig } from '@/lib/runtime-config';
import { cssVariablesResolver, theme } from '@/lib/theme';
import {
  cachedAnswer,
  type PageData,
  type PageRead,
  type SignedInAccount,
  seedQueries,
} from './page-data';

interface SignedInPage {
  /** The page's title, as the page itself sets it once it has its data. */
  title(answers: QueryClient, params: Params): string;
  /** What the page asks the API for as it opens, beside the user behind the session. */
  reads(params: Params): PageRead[];
}

type Params = Record<string, string | undefined>;

/** Every page reads its classrooms: the header's attack box lists them. */
const classroomsRead: PageRead = {
  queryKey: getClassroomsQueryOptions().queryKey,
  path: classroomsPath,
};

/**
 * The signed-in pages the server renders, by route: the pages a lesson opens on. The reads are
 * the page's own queries, so that the app finds their answers where it looks for them.
 */
const pages: Record<string, SignedInPage> = {
  [paths.dashboard.path]: {
    title: () => 'Dashboard',
    reads: () => [
      classroomsRead,
      { queryKey: getActivityQueryOptions().queryKey, path: activityPath },
    ],
  },
  [paths.classroom.path]: {
    title: (answers, { classroomId = '' }) =>
      answers.getQueryData(getClassroomQueryOptions(classroomId).queryKey)?.name ?? 'Classroom',
    reads: ({ classroomId = '' }) => [
      classroomsRead,
      {
        queryKey: getClassroomQueryOptions(classroomId).queryKey,
        path: classroomPath(classroomId),
      },
      {
        queryKey: getLeaderboardQueryOptions(classroomId, firstLeaderboardPage).queryKey,
        path: leaderboardPath(classroomId, firstLeaderboardPage),
      },
      {
        queryKey: getAnnouncementsQueryOptions(classroomId).queryKey,
        path: announcementsPath(classroomId, 1),
        firstPageOf: 1,
      },
    ],
  },
};

const pageAt = (pathname: string) => {
  for (const [pattern, page] of Object.entries(pages)) {
    const match = matchPath(pattern, pathname);
    if (match) return { page, params: match.params };
  }
  return undefined;
};

/** The read of the signed-in user, made first: every page shows them, and their reads need them. */
export const userRead = (uid: string): PageRead => ({
  queryKey: getMeQueryOptions(uid).queryKey,
  path: mePath,
});

/**
 * What the page at `pathname` reads as it opens, besides the user (whose answer is `me`): the
 * page's own queries, and the header's. Undefined for a page the server does not render.
 */
export function signedInPageReads(pathname: string, me: Me): PageRead[] | undefined {
  const found = pageAt(pathname);
  if (!found) return undefined;
  return [
    { queryKey: getNotificationsQueryOptions(me.id).queryKey, path: notificationsPath(me.id) },
    ...found.page.reads(found.params),
  ];
}

/**
 * The signed-in page at `pathname` as its user first sees it, as HTML for the server to send in
 * the page's place, given the user's answer (`me`) and the answers to the page's reads, in their
 * order; and the data the app shows the very same page from once it has started (main.tsx).
 */
export function renderSignedInPage(
  pathname: string,
  account: SignedInAccount,
  me: Me,
  responses: unknown[],
  config: RuntimeConfig,
): { html: string; title: string; data: PageData } {
  const found = pageAt(pathname);
  const reads = signedInPageReads(pathname, me);
  if (!found || !reads) throw new Error(`${pathname} is not a page the server renders`);
  setRuntimeConfig(config);
  const data: PageData = {
    account,
    answers: [
      { queryKey: userRead(account.uid).queryKey, data: me },
      ...reads.map((read, index) => ({
        queryKey: read.queryKey,
        data: cachedAnswer(read, responses[index]),
      })),
    ],
  };
  const queryClient = new QueryClient();
  seedQueries(queryClient, data);
  const session = {
    state: { status: 'signed-in', account: { ...account, firebaseUser: null } },
    reloadAccount: async () => null,
    logout: async () => {},
  } as const;
  const html = renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <SessionContext value={session}>
          <StaticRouter location={pathname}>
            <Routes>
              <Route element={<DashboardLayout />}>
                <Route path={paths.dashboard.path} element={<DashboardRoute />} />
                <Route path={paths.classroom.path} element={<ClassroomRoute />}>
                  <Route index element={<ClassroomOverviewRoute />} />
                </Route>
              </Route>
            </Routes>
          </StaticRouter>
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { html, title: found.page.title(queryClient, found.params), data };
}
