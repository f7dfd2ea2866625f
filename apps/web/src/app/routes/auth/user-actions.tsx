import { Text } from '@mantine/core';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { AuthCardHeader } from '@/components/layouts/auth-card-header';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { InvalidLink } from './invalid-link';

/** Firebase's generic action handler URL: forwards each mail action to its own page. */
export function UserActionsRoute() {
  usePageTitle('Account action');
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  const mode = searchParams.get('mode');

  if (mode === 'verifyEmail') return <Navigate to={paths.emailVerified.getHref(search)} replace />;
  if (mode === 'resetPassword')
    return <Navigate to={paths.resetPassword.getHref(search)} replace />;
  return (
    <>
      <AuthCardHeader title="Account action" />
      <InvalidLink
        message="This link does not name an action we know."
        explanation={
          <Text size="sm" c="dimmed">
            Check that you copied the whole link from the mail. Links verify an email address or
            reset a password.
          </Text>
        }
        action={{ label: 'Back to home', to: paths.home.getHref() }}
      />
    </>
  );
}
