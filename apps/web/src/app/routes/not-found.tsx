import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

/** The 404 page: "Page Not Found: {path}". */
export function NotFoundRoute() {
  usePageTitle('Page Not Found');
  const { pathname } = useLocation();
  return (
    <ErrorScreen
      code="404"
      title="Page Not Found"
      message={`Page Not Found: ${pathname}`}
      action={
        <Button
          component={Link}
          to={paths.home.getHref()}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          Back to home
        </Button>
      }
    />
  );
}
