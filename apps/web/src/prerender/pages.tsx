import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { DefaultLayout } from '@/app/layouts/default-layout';
import { LoginRoute } from '@/app/routes/auth/login';
import { HomeRoute } from '@/app/routes/home';
import { SessionContext } from '@/features/auth/hooks/session-context';
import { cssVariablesResolver, theme } from '@/lib/theme';

/** A visitor's session: nobody signed in, and nothing to do about it before the app runs. */
const visitor = {
  state: { status: 'signed-out' },
  reloadAccount: async () => null,
  logout: async () => {},
} as const;

/** The pages the build renders, each as its layout shows it at its path. */
const pages = {
  '/': (
    <Route element={<DefaultLayout />}>
      <Route index element={<HomeRoute />} />
    </Route>
  ),
  '/login': (
    <Route element={<AuthLayout />}>
      <Route path="/login" element={<LoginRoute />} />
    </Route>
  ),
} satisfies Record<string, ReactElement>;

export type PrerenderedPath = keyof typeof pages;

/**
 * The page at `path` as a visitor first sees it, as HTML, for the build to put in the page the
 * server sends there: it shows as soon as its stylesheets have loaded, before any of the app's
 * code.
 */
export function renderPage(path: PrerenderedPath): string {
  return renderToString(
    // In the colour mode of a visitor who chose none: the system's, which the page's first
    // script applies.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext value={visitor}>
          <StaticRouter location={path}>
            <Routes>{pages[path]}</Routes>
          </StaticRouter>
        </SessionContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
