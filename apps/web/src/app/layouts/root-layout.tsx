import { Outlet, ScrollRestoration } from 'react-router';
import { useThemeColorMeta } from '@/components/color-scheme/use-theme-color-meta';
import { RouteProgress } from '@/components/navigation/route-progress';

/** Wraps every layout: top loading bar, theme-color meta and scroll restoration. */
export function RootLayout() {
  useThemeColorMeta();
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
