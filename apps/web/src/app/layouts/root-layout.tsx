import { Outlet, ScrollRestoration } from 'react-router';
import { useThemeColorMeta } from '@/components/color-scheme/use-theme-color-meta';
import { RouteProgress } from '@/components/navigation/route-progress';
import { useBuildCheck } from '@/hooks/use-build-check';

/** Wraps every layout: top loading bar, theme-color meta, new-build check, scroll restoration. */
export function RootLayout() {
  useThemeColorMeta();
  useBuildCheck();
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
