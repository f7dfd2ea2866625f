import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';

/** Renders the router, made at start so that the page's code loads beside `/config.json`. */
export function AppRoot({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
