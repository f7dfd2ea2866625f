import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { DefaultLayout } from '@/app/layouts/default-layout';
import { HomeRoute } from '@/app/routes/home';
import { SessionContext } from '@/features/auth/hooks/session-context';
import { cssVariablesResolver, theme } from '@/lib/theme';

/** A visitor's session: nobody signed in, and nothing to do about it before the app runs. */
const visitor = {
  state: { status: 'signed-out' },
  reloadAccount: async () => null,
  logout: async () => {},
} as const;

/**
 * The home page as a visitor first sees it, as HTML, for the build to put in the page it
 * serves at `/`: it shows as soon as the stylesheet has loaded, before any of the app's code.
 */
export function renderHomePage(): string {
  return renderToString(
    // In the colour mode of a visitor who chose none: the system's, which the page's first
    // script applies.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <SessionContext value={visitor}>
        <StaticRouter location="/">
          <Routes>
            <Route element={<DefaultLayout />}>
              <Route index element={<HomeRoute />} />
            </Route>
          </Routes>
        </StaticRouter>
      </SessionContext>
    </MantineProvider>,
  );
}
