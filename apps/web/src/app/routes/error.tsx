import { Box, Button } from '@mantine/core';
import { IconReload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { mainContentId } from '@/components/navigation/skip-link';
import { usePageTitle } from '@/hooks/use-page-title';
import { isStaleChunkError, reloadOnce } from '@/lib/build-check';
import { NotFoundRoute } from './not-found';

function InternalServerError() {
  usePageTitle('Internal Server Error');
  return (
    <ErrorScreen
      code="500"
      title="Internal Server Error"
      message="Something went wrong while showing this page. Reloading usually fixes it; if it keeps happening, please tell your HackClass administrator."
      action={
        <Button
          onClick={() => window.location.reload()}
          leftSection={<IconReload size={18} aria-hidden />}
        >
          Reload page
        </Button>
      }
    />
  );
}

/** Route error element inside a layout: a thrown 404 shows the 404 page, anything else the 500. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    // A page's chunk is gone after a new deployment: load the new build, once.
    if (isStaleChunkError(error) && reloadOnce()) return;
    console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
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
