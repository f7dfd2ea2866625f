import { Center, Loader } from '@mantine/core';
import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from './layouts/auth-layout';
import { DashboardLayout } from './layouts/dashboard-layout';
import { DefaultLayout } from './layouts/default-layout';
import { RootLayout } from './layouts/root-layout';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/error';
import { NotFoundRoute } from './routes/not-found';

const pageLoading = (
  <Center h="100dvh">
    <Loader aria-label="Loading" />
  </Center>
);

/**
 * Layout routes: default (public pages), auth and dashboard. Pages load lazily; errors thrown
 * by a page render inside its layout, errors of a layout fall through to the root.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: pageLoading,
      children: [
        {
          element: <DefaultLayout />,
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                {
                  index: true,
                  lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })),
                },
                // Not lazy: the error boundary renders it too.
                { path: paths.notFound.path, Component: NotFoundRoute },
              ],
            },
          ],
        },
        { element: <AuthLayout />, children: [] },
        { element: <DashboardLayout />, children: [] },
      ],
    },
  ]);
