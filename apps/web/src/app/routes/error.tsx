import { Box, Button } from '@mantine/core';
import { IconReload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { mainContentId } from '@/components/navigation/skip-link';
import { usePageTitle } from '@/hooks/use-page-title';
import { reloadOnce } from '@/lib/build-check';
import { isStaleChunkError } from '@/lib/load-module';
import { NotFoundRoute } from './not-found';

// A component, not an element made when the module loads: the icon's module may not have run yet
// then (the app's chunk and the entry's import each other).
function ReloadButton() {
  return (
    <Button
      onClick={() => window.location.reload()}
      leftSection={<IconReload size={18} aria-hidden />}
    >
      Reload page
    </Button>
  );
}

function InternalServerError() {
  usePageTitle('Internal Server Error');
  return (
    <ErrorScreen
      code="500"
      title="Internal Server Error"
      message="Something went wrong while showing this page. Reloading usually fixes it; if it keeps happening, please tell your HackClass administrator."
      action={<ReloadButton />}
    />
  );
}

/** A page whose code did not arrive: the network failed it, not the server. */
function PageNotLoaded() {
  usePageTitle('Page not loaded');
  return (
    <ErrorScreen
      code="…"
      title="This page did not load"
      message="Part of the page could not be downloaded. Check your internet connection, then reload; if it keeps happening, please tell your HackClass administrator."
      action={<ReloadButton />}
    />
  );
}

/**
 * Route error element inside a layout: a thrown 404 shows the 404 page, code that did not load
 * a page saying so, anything else the 500.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notLoaded = isStaleChunkError(error);
  useEffect(() => {
    // A page's chunk is gone after a new deployment: load the new build, once.
    if (notLoaded && reloadOnce()) return;
    console.error(error);
  }, [error, notLoaded]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (notLoaded) return <PageNotLoaded />;
  return <InternalServerError />;
}

/** Error element of the root route, used when a layout itself fails: no header to lean on. */
export function RootErrorBoundary() {
  return (
    <Box component="main" id={mainContentId}>
      <RouteErrorBoundary />
    </Box>
  );
}
